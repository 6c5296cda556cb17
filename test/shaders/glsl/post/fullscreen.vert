#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/fullscreen.glsl"

layout(location = 0) out vec2 outUv;

void main() {
    outUv = fullscreenUv(gl_VertexIndex);
    gl_Position = fullscreenPosition(gl_VertexIndex);
}
