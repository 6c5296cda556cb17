// run: groups=2,1,1 buffers=0:1024,1:1024:iota
#version 450
// Private (global, non-buffer) variables for the memory passes: one used only in main, one
// shared by main and a helper, one array written in a loop, and one with an initializer.

layout(local_size_x = 32) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uint results[];
};

layout(std430, set = 0, binding = 1) buffer In {
    uint inputs[];
};

uint onlyMain;
uint shared_count;
uint table[8];
uint seeded = 5u;

void note(uint v) {
    shared_count += v;
}

void main() {
    uint id = gl_GlobalInvocationID.x;
    onlyMain = inputs[id] * 2u;
    shared_count = 1u;
    for (uint i = 0u; i < 8u; ++i) {
        table[i] = onlyMain + i;
        note(i);
    }
    if ((id & 1u) != 0u) onlyMain += table[id % 8u];
    note(onlyMain);
    results[id * 4u + 0u] = onlyMain;
    results[id * 4u + 1u] = shared_count;
    results[id * 4u + 2u] = table[(id + 3u) % 8u];
    results[id * 4u + 3u] = seeded + 1u;
}
