#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Blend shapes stored as position/normal deltas, target-major, one vec4 pair per vertex per target.
layout(set = 1, binding = 0, std430) readonly buffer MorphDeltas { vec4 deltas[]; };
layout(set = 1, binding = 1, std430) readonly buffer MorphWeights { float weights[]; };

layout(push_constant) uniform Draw {
    mat4 model;
    uint vertexCount;
    uint targetCount;
} draw;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 0) out vec3 outNormal;

void main() {
    vec3 p = inPosition;
    vec3 n = inNormal;
    for (uint t = 0u; t < draw.targetCount; ++t) {
        float w = weights[t];
        if (w == 0.0) continue;
        uint base = (t * draw.vertexCount + uint(gl_VertexIndex)) * 2u;
        p += w * deltas[base].xyz;
        n += w * deltas[base + 1u].xyz;
    }
    outNormal = normalize(mat3(draw.model) * n);
    gl_Position = camera.viewProj * draw.model * vec4(p, 1.0);
}
