#version 450
// Work-efficient exclusive scan (Blelloch) of 512 elements per workgroup in shared memory;
// the workgroup totals go to a second buffer for the next level of the scan.
layout(local_size_x = 256) in;

layout(set = 0, binding = 0, std430) readonly buffer Input { uint inputs[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Output { uint outputs[]; };
layout(set = 0, binding = 2, std430) writeonly buffer BlockSums { uint blockSums[]; };

const uint N = 512u;
shared uint temp[N];

void main() {
    uint t = gl_LocalInvocationIndex;
    uint base = gl_WorkGroupID.x * N;
    temp[2u * t] = inputs[base + 2u * t];
    temp[2u * t + 1u] = inputs[base + 2u * t + 1u];

    uint offset = 1u;
    for (uint d = N >> 1; d > 0u; d >>= 1) {
        barrier();
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u;
            uint bi = offset * (2u * t + 2u) - 1u;
            temp[bi] += temp[ai];
        }
        offset <<= 1;
    }
    if (t == 0u) {
        blockSums[gl_WorkGroupID.x] = temp[N - 1u];
        temp[N - 1u] = 0u;
    }
    for (uint d = 1u; d < N; d <<= 1) {
        offset >>= 1;
        barrier();
        if (t < d) {
            uint ai = offset * (2u * t + 1u) - 1u;
            uint bi = offset * (2u * t + 2u) - 1u;
            uint v = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += v;
        }
    }
    barrier();
    outputs[base + 2u * t] = temp[2u * t];
    outputs[base + 2u * t + 1u] = temp[2u * t + 1u];
}
