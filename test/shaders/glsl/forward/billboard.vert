#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Camera-facing sprites: four vertices per instance, corners from gl_VertexIndex.
layout(location = 0) in vec4 inCenterSize;   // per instance
layout(location = 1) in vec4 inColor;        // per instance
layout(location = 2) in float inRotation;    // per instance

layout(location = 0) out vec2 outUv;
layout(location = 1) out vec4 outColor;

void main() {
    vec2 corner = vec2(gl_VertexIndex & 1, (gl_VertexIndex >> 1) & 1) * 2.0 - 1.0;
    float s = sin(inRotation), c = cos(inRotation);
    corner = mat2(c, s, -s, c) * corner;
    vec3 right = vec3(camera.view[0][0], camera.view[1][0], camera.view[2][0]);
    vec3 up = vec3(camera.view[0][1], camera.view[1][1], camera.view[2][1]);
    vec3 world = inCenterSize.xyz + (right * corner.x + up * corner.y) * inCenterSize.w;
    outUv = corner * 0.5 + 0.5;
    outColor = inColor;
    gl_Position = camera.viewProj * vec4(world, 1.0);
}
