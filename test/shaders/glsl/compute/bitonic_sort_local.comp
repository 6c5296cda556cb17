#version 450
// Bitonic sort of 1024 (key, value) pairs per workgroup in shared memory (sorts particles by depth).
layout(local_size_x = 512) in;
layout(set = 0, binding = 0, std430) buffer Pairs { uvec2 pairs[]; }; // x: key, y: value

shared uvec2 local[1024];

void main() {
    uint t = gl_LocalInvocationIndex;
    uint base = gl_WorkGroupID.x * 1024u;
    local[t] = pairs[base + t];
    local[t + 512u] = pairs[base + t + 512u];
    barrier();
    for (uint k = 2u; k <= 1024u; k <<= 1) {
        for (uint j = k >> 1; j > 0u; j >>= 1) {
            uint i = 2u * t - (t & (j - 1u));
            uint l = i + j;
            bool ascending = (i & k) == 0u;
            uvec2 a = local[i], b = local[l];
            if ((a.x > b.x) == ascending) {
                local[i] = b;
                local[l] = a;
            }
            barrier();
        }
    }
    pairs[base + t] = local[t];
    pairs[base + t + 512u] = local[t + 512u];
}
