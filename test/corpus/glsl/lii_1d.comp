// run: groups=4,1,1 buffers=0:1024,1:1024:iota
#version 450
// One-dimensional 64-wide workgroup: gl_LocalInvocationIndex == gl_LocalInvocationID.x.
// A small stencil over the input buffer, with edge handling by local index.

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) writeonly buffer Out {
    uint outValues[];
};

layout(std430, set = 0, binding = 1) readonly buffer In {
    uint inValues[];
};

uint fetch(uint base, int offset) {
    int local = int(gl_LocalInvocationIndex) + offset;
    local = clamp(local, 0, 63);
    return inValues[base + uint(local)];
}

void main() {
    uint base = gl_WorkGroupID.x * 64u;
    uint v = fetch(base, -1) + 2u * fetch(base, 0) + fetch(base, 1);
    if (gl_LocalInvocationIndex == 0u || gl_LocalInvocationIndex == 63u) {
        v |= 0x80000000u;
    }
    outValues[base + gl_LocalInvocationIndex] = v;
}
