// run: groups=2,1,1 buffers=0:1024,1:1024:iota
#version 450
// Branches on constants, switches on constants, loops with constant exits, and chains of blocks:
// code for the control-flow passes (eliminate-dead-branches, merge-blocks, cfg-cleanup, ...).
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) writeonly buffer Out { uint outValues[]; };
layout(std430, set = 0, binding = 1) readonly buffer In { uint inValues[]; };

const bool kFast = true;
const int kMode = 2;

uint pick(uint v) {
    if (kFast) {
        v = v * 3u + 1u;
    } else {
        v = v / 7u;
    }
    switch (kMode) {
    case 0: v += 10u; break;
    case 2: v ^= 0x55u; break;
    default: v -= 1u; break;
    }
    return v;
}

uint loopy(uint v) {
    uint acc = 0u;
    for (uint i = 0u; i < 8u; ++i) {
        if (!kFast) { acc += 100u; continue; }
        acc += v + i;
        if (acc > 50000u) break;
    }
    while (true) {
        acc += 1u;
        if (acc % 3u == 0u) break;
    }
    return acc;
}

void main() {
    uint id = gl_GlobalInvocationID.x;
    uint v = inValues[id];
    uint r = pick(v);
    if (id % 2u == 0u) {
        r += loopy(v);
    } else {
        r = kFast ? r + 5u : r - 5u;
    }
    outValues[id] = r;
}
