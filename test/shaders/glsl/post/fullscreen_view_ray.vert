#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/fullscreen.glsl"

// Also gives the world-space ray through each pixel, for passes that march or reconstruct position.
layout(location = 0) out vec2 outUv;
layout(location = 1) out vec3 outViewRay;

void main() {
    outUv = fullscreenUv(gl_VertexIndex);
    vec4 pos = fullscreenPosition(gl_VertexIndex);
    vec4 far = camera.invViewProj * vec4(pos.xy, 1.0, 1.0);
    outViewRay = far.xyz / far.w - camera.position.xyz;
    gl_Position = pos;
}
