#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 0) out vec3 outDirection;

void main() {
    outDirection = inPosition;
    // Rotation only, and z = w so the sky sits on the far plane behind everything.
    vec4 clip = camera.proj * vec4(mat3(camera.view) * inPosition, 1.0);
    gl_Position = clip.xyww;
}
