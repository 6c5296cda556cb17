#version 450
#extension GL_KHR_shader_subgroup_ballot : require
// Radix sort, pass 3: stable scatter. Ranks within the workgroup come from ballots per digit.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer KeysIn { uint keysIn[]; };
layout(set = 0, binding = 1, std430) readonly buffer ValuesIn { uint valuesIn[]; };
layout(set = 0, binding = 2, std430) writeonly buffer KeysOut { uint keysOut[]; };
layout(set = 0, binding = 3, std430) writeonly buffer ValuesOut { uint valuesOut[]; };
layout(set = 0, binding = 4, std430) readonly buffer Offsets { uint offsets[]; }; // scanned counts
layout(push_constant) uniform Pass { uint shift; uint count; uint elementsPerGroup; } pass;

shared uint digitBase[16];

void main() {
    uint lid = gl_LocalInvocationIndex;
    if (lid < 16u) digitBase[lid] = offsets[lid * gl_NumWorkGroups.x + gl_WorkGroupID.x];
    barrier();
    uint begin = gl_WorkGroupID.x * pass.elementsPerGroup;
    uint end = min(begin + pass.elementsPerGroup, pass.count);
    // Processed one 64-wide chunk at a time so the order inside a digit stays stable;
    // assumes one subgroup per workgroup (subgroup size 64 is requested by the pipeline).
    for (uint chunk = begin; chunk < end; chunk += 64u) {
        uint i = chunk + lid;
        bool valid = i < end;
        uint key = valid ? keysIn[i] : 0xffffffffu;
        uint digit = (key >> pass.shift) & 15u;
        uint rank = 0u;
        uint total = 0u;
        for (uint d = 0u; d < 16u; ++d) {
            uvec4 ballot = subgroupBallot(valid && digit == d);
            if (d == digit) {
                rank = subgroupBallotExclusiveBitCount(ballot);
                total = subgroupBallotBitCount(ballot);
            }
        }
        if (valid) {
            uint dst = digitBase[digit] + rank;
            keysOut[dst] = key;
            valuesOut[dst] = valuesIn[i];
        }
        barrier();
        if (valid && rank == total - 1u) digitBase[digit] += total;
        barrier();
    }
}
