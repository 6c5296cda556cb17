// run: groups=2,2,1 buffers=0:4096,1:256:iota
#version 450
// gl_LocalInvocationIndex used only in helper functions at call depth 2 and 3,
// inside loops, and in a function called from two different places.
// 4x4x4 workgroup; 4 output words per invocation at binding 0.

layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uint results[];
};

layout(std430, set = 0, binding = 1) readonly buffer Table {
    uint table[];
};

struct Acc {
    uint sum;
    uint xorv;
};

// depth 3 (main -> rowValue -> accumulate -> lane)
uint lane() {
    return gl_LocalInvocationIndex % 16u;
}

// depth 2, loops over the table using the local index as a stride base
Acc accumulate(uint rounds) {
    Acc acc = Acc(0u, 0u);
    for (uint i = 0u; i < rounds; ++i) {
        uint idx = (gl_LocalInvocationIndex + i * 7u) & 63u;
        acc.sum += table[idx] + lane();
        acc.xorv ^= table[idx] << (i & 7u);
    }
    return acc;
}

// depth 1
uint rowValue(uint row) {
    Acc a = accumulate(row + 1u);
    uint v = a.sum * 31u + a.xorv;
    // a loop whose trip count depends on the local index
    for (uint k = 0u; k < (gl_LocalInvocationIndex & 3u); ++k) {
        v = v * 1664525u + 1013904223u + lane();
    }
    return v;
}

uint globalBase() {
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    return (group * 64u + gl_LocalInvocationIndex) * 4u;
}

void main() {
    uint base = globalBase();
    for (uint row = 0u; row < 4u; ++row) {
        results[base + row] = rowValue(row);
    }
}
