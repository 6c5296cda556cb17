// run: groups=2,1,1 buffers=0:2048,1:1024:iota
#version 450
// Locals for the memory-to-register passes: stored once, stored again in the same block, in
// both arms of branches, carried round loops (nested, with break and continue), in a switch,
// and read before any store on some paths.

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uint results[];
};

layout(std430, set = 0, binding = 1) buffer In {
    uint inputs[];
};

void main() {
    uint id = gl_GlobalInvocationID.x;
    uint seed = inputs[id % 256u];
    uint once = seed * 3u + 1u;
    uint twice = once;
    twice = twice ^ 0x5au;
    twice += id;
    uint picked;
    if ((seed & 1u) == 0u) {
        picked = once + 7u;
    } else {
        picked = twice * 5u;
        if (picked > 400u) picked -= 300u;
    }
    uint sum = 0u;
    uint product = 1u;
    for (uint i = 0u; i < (id % 9u); ++i) {
        if (i == 3u) continue;
        sum += i * picked;
        for (uint j = i; j < 4u; j++) {
            product = product * 3u + j;
            if (product > 100000u) break;
        }
        if (sum > 5000u) break;
    }
    uint chosen = 0u;
    switch (id % 4u) {
        case 0u: chosen = sum; break;
        case 1u: chosen = product; break;
        case 2u: chosen = picked + 11u; break;
        default: chosen += 11u; break;
    }
    uint countdown = id % 5u;
    uint steps = 0u;
    while (countdown != 0u) {
        countdown--;
        steps += countdown;
    }
    uint again = steps;
    do {
        again = again * 2u + 1u;
    } while (again < 50u);
    // Stored once, yet read before the store on the next trip round the loop.
    uint previous;
    uint carried = 0u;
    for (uint i = 0u; i < 4u; ++i) {
        if (i > 0u) carried += previous;
        previous = i * seed + id;
    }
    results[id * 4u + 0u] = once + twice;
    results[id * 4u + 1u] = picked ^ sum;
    results[id * 4u + 2u] = chosen + product;
    results[id * 4u + 3u] = again + carried;
}
