#version 450
#extension GL_KHR_shader_subgroup_ballot : require
// Keeps the elements that pass a predicate, in any order: one atomic per subgroup, ranks by ballot.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer Input { vec4 items[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Output { vec4 kept[]; };
layout(set = 0, binding = 2, std430) buffer Counter { uint keptCount; };
layout(push_constant) uniform Params { uint count; float threshold; } params;

void main() {
    uint i = gl_GlobalInvocationID.x;
    bool keep = i < params.count && items[i].w > params.threshold;
    uvec4 ballot = subgroupBallot(keep);
    uint total = subgroupBallotBitCount(ballot);
    uint base = 0u;
    if (subgroupElect()) base = atomicAdd(keptCount, total);
    base = subgroupBroadcastFirst(base);
    if (keep) kept[base + subgroupBallotExclusiveBitCount(ballot)] = items[i];
}
