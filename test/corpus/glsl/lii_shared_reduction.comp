// run: groups=4,1,1 buffers=0:1024:iota,1:256,2:1024
#version 450
// Tree reduction in shared memory indexed by gl_LocalInvocationIndex over a
// 16x4 workgroup, with barrier() between steps. Binding 0: 256 input words;
// binding 1: one sum per workgroup; binding 2: per-invocation partials
// (the value each slot holds after the first reduction step).

layout(local_size_x = 16, local_size_y = 4) in;

layout(std430, set = 0, binding = 0) readonly buffer In {
    uint values[];
};

layout(std430, set = 0, binding = 1) writeonly buffer Sums {
    uint groupSums[];
};

layout(std430, set = 0, binding = 2) writeonly buffer Partials {
    uint partials[];
};

shared uint scratch[64];

void main() {
    uint base = gl_WorkGroupID.x * 64u;
    scratch[gl_LocalInvocationIndex] = values[base + gl_LocalInvocationIndex];
    barrier();

    for (uint stride = 32u; stride > 0u; stride >>= 1) {
        if (gl_LocalInvocationIndex < stride) {
            scratch[gl_LocalInvocationIndex] += scratch[gl_LocalInvocationIndex + stride];
        }
        barrier();
        if (stride == 32u) {
            partials[base + gl_LocalInvocationIndex] = scratch[gl_LocalInvocationIndex];
        }
        barrier();
    }

    if (gl_LocalInvocationIndex == 0u) {
        groupSums[gl_WorkGroupID.x] = scratch[0];
    }
}
