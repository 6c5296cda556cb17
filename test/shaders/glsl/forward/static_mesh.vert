#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUv;

layout(push_constant) uniform Draw {
    mat4 model;
    uint materialIndex;
} draw;

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec2 outUv;
layout(location = 3) flat out uint outMaterial;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    outWorldPos = world.xyz;
    // The inverse transpose keeps normals perpendicular under non-uniform scale.
    outNormal = normalize(transpose(inverse(mat3(draw.model))) * inNormal);
    outUv = inUv;
    outMaterial = draw.materialIndex;
    gl_Position = camera.viewProj * world;
}
