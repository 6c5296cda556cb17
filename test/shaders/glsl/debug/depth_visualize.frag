#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
layout(set = 1, binding = 0) uniform sampler2D depthTexture;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    float z = linearDepth(texture(depthTexture, inUv).r);
    // Log scale spreads near and far detail over the grey range.
    float v = log2(z / camera.nearPlane) / log2(camera.farPlane / camera.nearPlane);
    outColor = vec4(vec3(1.0 - v), 1.0);
}
