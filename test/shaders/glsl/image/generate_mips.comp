#version 450
// One mip level from the previous one, handling odd sizes (a 3-tap footprint where needed).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D srcMip;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dstMip;
void main() {
    ivec2 dstSize = imageSize(dstMip);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, dstSize))) return;
    ivec2 srcSize = imageSize(srcMip);
    bvec2 odd = bvec2(srcSize.x & 1, srcSize.y & 1);
    ivec2 s = p * 2;
    vec4 sum = imageLoad(srcMip, s) + imageLoad(srcMip, s + ivec2(1, 0)) + imageLoad(srcMip, s + ivec2(0, 1)) + imageLoad(srcMip, s + ivec2(1, 1));
    float n = 4.0;
    if (odd.x && p.x == dstSize.x - 1) { sum += imageLoad(srcMip, s + ivec2(2, 0)) + imageLoad(srcMip, s + ivec2(2, 1)); n += 2.0; }
    if (odd.y && p.y == dstSize.y - 1) { sum += imageLoad(srcMip, s + ivec2(0, 2)) + imageLoad(srcMip, s + ivec2(1, 2)); n += 2.0; }
    imageStore(dstMip, p, sum / n);
}
