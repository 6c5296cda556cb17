#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(set = 1, binding = 2) uniform sampler2D particleTexture;
layout(set = 1, binding = 3) uniform sampler2D sceneDepth;
layout(push_constant) uniform Soft { float fadeDistance; } soft;

layout(location = 0) in vec2 inUv;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(particleTexture, inUv) * inColor;
    float scene = linearDepth(texelFetch(sceneDepth, ivec2(gl_FragCoord.xy), 0).r);
    float self = linearDepth(gl_FragCoord.z);
    // Fade where the quad meets geometry instead of showing a hard intersection line.
    c.a *= clamp((scene - self) / soft.fadeDistance, 0.0, 1.0);
    outColor = vec4(c.rgb * c.a, c.a); // premultiplied
}
