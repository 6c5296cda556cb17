// run: groups=2,1,1 buffers=0:4096,1:1024:iota
#version 450
// Composite locals for the memory-to-register passes: vectors, matrices, arrays and structs,
// written whole and member by member (constant and variable indexes), copied whole, passed to
// functions as out and inout parameters, and changed in loops.

layout(local_size_x = 32) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uvec4 results[];
};

layout(std430, set = 0, binding = 1) buffer In {
    uint inputs[];
};

struct Pair {
    uint a;
    uvec2 b;
};

struct Nest {
    Pair p;
    uint list[3];
};

void fill(out Pair p, uint x) {
    p.a = x;
    p.b = uvec2(x + 1u, x + 2u);
}

void bump(inout uint v) {
    v += 13u;
}

void main() {
    uint id = gl_GlobalInvocationID.x;
    uint x = inputs[id];
    uvec4 v = uvec4(x, x + 1u, x * 2u, 7u);
    v.y = v.x + v.w;
    v.zw = v.wz;
    mat2 m = mat2(float(x), 1.0, 2.0, float(id));
    m[1][0] += 0.5;
    uint arr[4] = uint[4](x, 1u, 2u, 3u);
    arr[2] = arr[0] + arr[1];
    arr[id % 4u] += 5u;
    Pair p;
    fill(p, x);
    Pair q = p;
    q.b.x *= 3u;
    Nest n;
    n.p = q;
    n.list[0] = p.a;
    n.list[1] = q.b.x;
    n.list[2] = n.list[0] + n.list[1];
    for (uint i = 0u; i < 3u; ++i) {
        n.list[i] += i;
        v.x += n.list[i];
    }
    uint k = arr[3];
    bump(k);
    bump(k);
    vec2 col = m[1];
    results[id * 4u + 0u] = v;
    results[id * 4u + 1u] = uvec4(arr[0], arr[1], arr[2], arr[3]);
    results[id * 4u + 2u] = uvec4(n.p.a, n.p.b, n.list[2]);
    results[id * 4u + 3u] = uvec4(k, uint(col.x * 2.0), uint(col.y), uint(m[0][0]));
}
