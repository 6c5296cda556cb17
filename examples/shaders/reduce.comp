#version 450
// The demo shader: a workgroup sum that indexes shared memory with gl_LocalInvocationIndex,
// the builtin spvkit's headline pass lowers.
layout(local_size_x = 8, local_size_y = 4, local_size_z = 2) in;

layout(std430, set = 0, binding = 0) readonly buffer Input { float values[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Output { float sums[]; };

shared float partial[64];

void main() {
    uint local = gl_LocalInvocationIndex;
    uint groupSize = gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z;
    uint group = gl_WorkGroupID.x + gl_NumWorkGroups.x * gl_WorkGroupID.y;
    partial[local] = values[group * groupSize + local];
    barrier();
    for (uint stride = groupSize / 2u; stride > 0u; stride /= 2u) {
        if (local < stride) partial[local] += partial[local + stride];
        barrier();
    }
    if (local == 0u) sums[group] = partial[0];
}
