// run: groups=2,2,1 buffers=0:4096,1:1024:iota spec=2:6,3:3,4:5
// target-env: vulkan1.1 vulkan1.3
#version 450
// Mixed workgroup size: x from spec constant 2 (default 4), y fixed at 3,
// z from spec constant 3 (default 2); spec constant 4 is an ordinary scalar.
// gl_LocalInvocationIndex is used inside a loop in a called function.

layout(local_size_x_id = 2, local_size_z_id = 3) in;
layout(local_size_x = 4, local_size_y = 3, local_size_z = 2) in;

layout(constant_id = 4) const uint ROUNDS = 2u;

layout(std430, set = 0, binding = 0) buffer Out {
    uint outWords[];
};

layout(std430, set = 0, binding = 1) readonly buffer In {
    uint inWords[];
};

uint mixRounds(uint seed) {
    uint v = seed;
    for (uint r = 0u; r < ROUNDS; ++r) {
        v = (v ^ inWords[(gl_LocalInvocationIndex + r) & 255u]) * 16777619u;
        v += gl_LocalInvocationIndex;
    }
    return v;
}

void main() {
    uint perGroup = gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z;
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint global = group * perGroup + gl_LocalInvocationIndex;
    outWords[global * 2u] = gl_LocalInvocationIndex;
    outWords[global * 2u + 1u] = mixRounds(2166136261u);
}
