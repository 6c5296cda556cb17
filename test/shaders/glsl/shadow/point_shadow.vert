#version 450

// Cube shadow maps store linear distance, so the fragment stage needs the world position.
layout(location = 0) in vec3 inPosition;

layout(push_constant) uniform Face {
    mat4 faceViewProj;
    mat4 model;
    vec4 lightPosRange;
} face;

layout(location = 0) out vec3 outWorldPos;

void main() {
    vec4 world = face.model * vec4(inPosition, 1.0);
    outWorldPos = world.xyz;
    gl_Position = face.faceViewProj * world;
}
