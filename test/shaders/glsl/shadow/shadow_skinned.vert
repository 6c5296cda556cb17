#version 450
#extension GL_GOOGLE_include_directive : require
#define SKIN_SET 0
#include "../include/skinning.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 4) in uvec4 inJoints;
layout(location = 5) in vec4 inWeights;

layout(push_constant) uniform Shadow {
    mat4 lightViewProj;
    mat4 model;
    uint paletteOffset;
} pc;

void main() {
    mat4 m = pc.model * skinMatrix(inJoints, inWeights, pc.paletteOffset);
    gl_Position = pc.lightViewProj * m * vec4(inPosition, 1.0);
}
