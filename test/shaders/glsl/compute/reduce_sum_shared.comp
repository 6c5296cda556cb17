#version 450
// Tree reduction in shared memory; each invocation first sums a grid-strided run of inputs.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer Input { float inputs[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Partials { float partials[]; };
layout(push_constant) uniform Count { uint count; } pc;

shared float sums[256];

void main() {
    uint lid = gl_LocalInvocationIndex;
    float acc = 0.0;
    uint stride = gl_NumWorkGroups.x * 256u;
    for (uint i = gl_GlobalInvocationID.x; i < pc.count; i += stride) acc += inputs[i];
    sums[lid] = acc;
    barrier();
    for (uint s = 128u; s > 0u; s >>= 1) {
        if (lid < s) sums[lid] += sums[lid + s];
        barrier();
    }
    if (lid == 0u) partials[gl_WorkGroupID.x] = sums[0];
}
