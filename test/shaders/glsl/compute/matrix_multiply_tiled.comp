#version 450
// C = A * B with 16x16 tiles staged in shared memory; sizes need not be multiples of the tile.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, std430) readonly buffer A { float a[]; };
layout(set = 0, binding = 1, std430) readonly buffer B { float b[]; };
layout(set = 0, binding = 2, std430) writeonly buffer C { float c[]; };
layout(push_constant) uniform Dims { uint M; uint N; uint K; } dims;

const uint TILE = 16u;
shared float tileA[TILE][TILE];
shared float tileB[TILE][TILE];

void main() {
    uint row = gl_GlobalInvocationID.y;
    uint col = gl_GlobalInvocationID.x;
    uint ly = gl_LocalInvocationID.y, lx = gl_LocalInvocationID.x;
    float acc = 0.0;
    for (uint t = 0u; t < (dims.K + TILE - 1u) / TILE; ++t) {
        uint ak = t * TILE + lx;
        uint bk = t * TILE + ly;
        tileA[ly][lx] = (row < dims.M && ak < dims.K) ? a[row * dims.K + ak] : 0.0;
        tileB[ly][lx] = (bk < dims.K && col < dims.N) ? b[bk * dims.N + col] : 0.0;
        barrier();
        for (uint k = 0u; k < TILE; ++k) acc += tileA[ly][k] * tileB[k][lx];
        barrier();
    }
    if (row < dims.M && col < dims.N) c[row * dims.N + col] = acc;
}
