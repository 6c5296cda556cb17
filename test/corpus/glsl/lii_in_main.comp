// run: groups=3,2,1 buffers=0:6144,1:256:iota
#version 450
// gl_LocalInvocationIndex used directly in main, 8x4x2 workgroup.
// Each invocation writes one uvec4 record to binding 0, indexed by its
// global linear id; binding 1 holds 64 input words read by local index.

layout(local_size_x = 8, local_size_y = 4, local_size_z = 2) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uvec4 records[];
};

layout(std430, set = 0, binding = 1) readonly buffer In {
    uint inputs[];
};

void main() {
    uint groupLinear = gl_WorkGroupID.x
        + gl_WorkGroupID.y * gl_NumWorkGroups.x
        + gl_WorkGroupID.z * gl_NumWorkGroups.x * gl_NumWorkGroups.y;
    uint global = groupLinear * 64u + gl_LocalInvocationIndex;

    uint recomputed = gl_LocalInvocationID.z * 32u
        + gl_LocalInvocationID.y * 8u
        + gl_LocalInvocationID.x;

    uint mixed = gl_LocalInvocationIndex * 3u + inputs[gl_LocalInvocationIndex];
    if ((gl_LocalInvocationIndex & 1u) == 0u) {
        mixed ^= 0xa5a5a5a5u;
    }
    records[global] = uvec4(gl_LocalInvocationIndex, recomputed, mixed, groupLinear);
}
