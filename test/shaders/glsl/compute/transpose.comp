#version 450
// Matrix transpose through a padded shared tile (the +1 column avoids bank conflicts).
layout(local_size_x = 32, local_size_y = 8) in;
layout(set = 0, binding = 0, std430) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Dst { float dst[]; };
layout(push_constant) uniform Dims { uint width; uint height; } dims;
shared float tile[32][33];
void main() {
    uvec2 base = gl_WorkGroupID.xy * 32u;
    for (uint y = gl_LocalInvocationID.y; y < 32u; y += 8u) {
        uvec2 p = base + uvec2(gl_LocalInvocationID.x, y);
        if (p.x < dims.width && p.y < dims.height) tile[y][gl_LocalInvocationID.x] = src[p.y * dims.width + p.x];
    }
    barrier();
    for (uint y = gl_LocalInvocationID.y; y < 32u; y += 8u) {
        uvec2 p = base.yx + uvec2(gl_LocalInvocationID.x, y);
        if (p.x < dims.height && p.y < dims.width) dst[p.y * dims.height + p.x] = tile[gl_LocalInvocationID.x][y];
    }
}
