#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_basic : require

// Inclusive scan of one workgroup with subgroup scans: scan within subgroups, scan the subgroup
// totals in the first subgroup, add back. Works for any subgroup size up to 128.
layout(local_size_x = 1024) in;

layout(set = 0, binding = 0, std430) buffer Data { float values[]; };

shared float subgroupTotals[128];

void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = values[i];
    float scan = subgroupInclusiveAdd(v);
    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) subgroupTotals[gl_SubgroupID] = scan;
    barrier();
    if (gl_SubgroupID == 0u) {
        float total = gl_SubgroupInvocationID < gl_NumSubgroups ? subgroupTotals[gl_SubgroupInvocationID] : 0.0;
        float exclusive = subgroupExclusiveAdd(total);
        if (gl_SubgroupInvocationID < gl_NumSubgroups) subgroupTotals[gl_SubgroupInvocationID] = exclusive;
    }
    barrier();
    values[i] = scan + subgroupTotals[gl_SubgroupID];
}
