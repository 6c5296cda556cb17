#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/skinning.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec2 inUv;
layout(location = 4) in uvec4 inJoints;
layout(location = 5) in vec4 inWeights;

layout(push_constant) uniform Draw {
    mat4 model;
    uint paletteOffset;
} draw;

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec4 outTangent;
layout(location = 3) out vec2 outUv;

void main() {
    mat4 skinned = draw.model * skinMatrix(inJoints, inWeights, draw.paletteOffset);
    vec4 world = skinned * vec4(inPosition, 1.0);
    mat3 nm = mat3(skinned);
    outWorldPos = world.xyz;
    outNormal = normalize(nm * inNormal);
    outTangent = vec4(normalize(nm * inTangent.xyz), inTangent.w);
    outUv = inUv;
    gl_Position = camera.viewProj * world;
}
