#version 450
// 3x3 median with a sorting network (removes salt-and-pepper noise from a depth sensor).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2D src;
layout(set = 0, binding = 1, r32f) uniform writeonly image2D dst;
void swapIfGreater(inout float a, inout float b) { float lo = min(a, b); b = max(a, b); a = lo; }
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(src);
    float v[9];
    for (int i = 0; i < 9; ++i) v[i] = imageLoad(src, clamp(p + ivec2(i % 3 - 1, i / 3 - 1), ivec2(0), size - 1)).r;
    swapIfGreater(v[1], v[2]); swapIfGreater(v[4], v[5]); swapIfGreater(v[7], v[8]);
    swapIfGreater(v[0], v[1]); swapIfGreater(v[3], v[4]); swapIfGreater(v[6], v[7]);
    swapIfGreater(v[1], v[2]); swapIfGreater(v[4], v[5]); swapIfGreater(v[7], v[8]);
    swapIfGreater(v[0], v[3]); swapIfGreater(v[5], v[8]); swapIfGreater(v[4], v[7]);
    swapIfGreater(v[3], v[6]); swapIfGreater(v[1], v[4]); swapIfGreater(v[2], v[5]);
    swapIfGreater(v[4], v[7]); swapIfGreater(v[4], v[2]); swapIfGreater(v[6], v[4]);
    swapIfGreater(v[4], v[2]);
    if (all(lessThan(p, size))) imageStore(dst, p, vec4(v[4]));
}
