#version 450
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_vote : require
// 4-wide clustered reductions (per-quad of a 2x2 tile), shuffles for a 1D stencil, and votes
// to skip uniform work.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Dst { vec4 dst[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = src[i];
    float left = subgroupShuffleUp(v, 1u);
    float right = subgroupShuffleDown(v, 1u);
    if (gl_SubgroupInvocationID == 0u) left = v;
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) right = v;
    float laplacian = left + right - 2.0 * v;
    float quadMax = subgroupClusteredMax(v, 4u);
    float quadSum = subgroupClusteredAdd(v, 4u);
    float mirrored = subgroupShuffleXor(v, 1u);
    if (subgroupAll(v == 0.0)) {
        dst[i] = vec4(0.0);
        return;
    }
    dst[i] = vec4(laplacian, quadMax, quadSum * 0.25, subgroupAny(v < 0.0) ? -mirrored : mirrored);
}
