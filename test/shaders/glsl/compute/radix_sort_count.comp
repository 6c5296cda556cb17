#version 450
// Radix sort, pass 1 of 3 per digit: per-workgroup counts of each 4-bit digit.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer Keys { uint keys[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Counts { uint counts[]; }; // [digit * groups + group]
layout(push_constant) uniform Pass { uint shift; uint count; uint elementsPerGroup; } pass;

shared uint localCounts[16];

void main() {
    uint lid = gl_LocalInvocationIndex;
    if (lid < 16u) localCounts[lid] = 0u;
    barrier();
    uint begin = gl_WorkGroupID.x * pass.elementsPerGroup;
    uint end = min(begin + pass.elementsPerGroup, pass.count);
    for (uint i = begin + lid; i < end; i += 256u) {
        atomicAdd(localCounts[(keys[i] >> pass.shift) & 15u], 1u);
    }
    barrier();
    if (lid < 16u) counts[lid * gl_NumWorkGroups.x + gl_WorkGroupID.x] = localCounts[lid];
}
