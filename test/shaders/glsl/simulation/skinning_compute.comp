#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/skinning.glsl"
// Pre-skins vertices once per frame, so every later pass (shadows, depth, ray tracing BLAS refit)
// reads plain positions.
layout(local_size_x = 64) in;
struct SkinVertex { vec4 position; vec4 normal; uvec4 joints; vec4 weights; };
layout(set = 0, binding = 0, std430) readonly buffer Source { SkinVertex source[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Skinned { vec4 skinnedPositions[]; };
layout(set = 0, binding = 2, std430) writeonly buffer SkinnedNormals { vec4 skinnedNormals[]; };
layout(push_constant) uniform Params { uint vertexCount; uint paletteOffset; } params;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.vertexCount) return;
    SkinVertex v = source[i];
    mat4 m = skinMatrix(v.joints, v.weights, params.paletteOffset);
    skinnedPositions[i] = m * vec4(v.position.xyz, 1.0);
    skinnedNormals[i] = vec4(normalize(mat3(m) * v.normal.xyz), 0.0);
}
