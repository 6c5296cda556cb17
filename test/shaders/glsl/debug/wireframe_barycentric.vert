#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(location = 0) in vec3 inPosition;
layout(push_constant) uniform Draw { mat4 model; } draw;

// Non-indexed draw: each triangle's corners get the unit barycentrics, so the fragment
// stage can find edges without a geometry shader.
layout(location = 0) noperspective out vec3 outBary;

void main() {
    int corner = gl_VertexIndex % 3;
    outBary = vec3(corner == 0, corner == 1, corner == 2);
    gl_Position = camera.viewProj * draw.model * vec4(inPosition, 1.0);
}
