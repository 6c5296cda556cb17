#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(location = 0) in vec4 inPositionSize;
layout(location = 1) in vec4 inColor;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 view = camera.view * vec4(inPositionSize.xyz, 1.0);
    gl_Position = camera.proj * view;
    // World-space size to pixels, so sprites shrink with distance.
    gl_PointSize = clamp(inPositionSize.w * camera.proj[1][1] * camera.viewport.y * 0.5 / -view.z, 1.0, 64.0);
    outColor = inColor;
}
