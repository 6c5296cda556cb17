#version 450
// Sums in double precision where float would lose the small terms (energy of a large simulation).
layout(local_size_x = 128) in;
layout(set = 0, binding = 0, std430) readonly buffer Energies { float energies[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Totals { double totals[]; };
shared double partial[128];
void main() {
    uint lid = gl_LocalInvocationIndex;
    partial[lid] = double(energies[gl_GlobalInvocationID.x]);
    barrier();
    for (uint s = 64u; s > 0u; s >>= 1) {
        if (lid < s) partial[lid] += partial[lid + s];
        barrier();
    }
    if (lid == 0u) totals[gl_WorkGroupID.x] = partial[0];
}
