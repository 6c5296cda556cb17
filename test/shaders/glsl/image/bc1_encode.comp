#version 450
// Real-time BC1 (DXT1) compression: endpoints from the block's bounding box along the
// principal colour axis, two bits per texel.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D src;
layout(set = 0, binding = 1, rg32ui) uniform writeonly uimage2D blocks;

uint packRgb565(vec3 c) {
    uvec3 q = uvec3(round(clamp(c, 0.0, 1.0) * vec3(31.0, 63.0, 31.0)));
    return (q.r << 11) | (q.g << 5) | q.b;
}

vec3 unpackRgb565(uint v) {
    return vec3((v >> 11) & 31u, (v >> 5) & 63u, v & 31u) / vec3(31.0, 63.0, 31.0);
}

void main() {
    ivec2 block = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(block, imageSize(blocks)))) return;
    vec3 texels[16];
    vec3 mn = vec3(1.0), mx = vec3(0.0), mean = vec3(0.0);
    for (int i = 0; i < 16; ++i) {
        texels[i] = texelFetch(src, block * 4 + ivec2(i & 3, i >> 2), 0).rgb;
        mn = min(mn, texels[i]);
        mx = max(mx, texels[i]);
        mean += texels[i];
    }
    mean /= 16.0;
    // Flip the box diagonal to match the sign of the covariance.
    float cov = 0.0;
    for (int i = 0; i < 16; ++i) cov += (texels[i].r - mean.r) * (texels[i].b - mean.b);
    if (cov < 0.0) { float t = mn.b; mn.b = mx.b; mx.b = t; }
    uint c0 = packRgb565(mx), c1 = packRgb565(mn);
    if (c0 < c1) { uint t = c0; c0 = c1; c1 = t; }
    vec3 e0 = unpackRgb565(c0), e1 = unpackRgb565(c1);
    vec3 palette[4] = vec3[](e0, e1, mix(e0, e1, 1.0 / 3.0), mix(e0, e1, 2.0 / 3.0));
    uint indices = 0u;
    for (int i = 0; i < 16; ++i) {
        uint best = 0u;
        float bestD = 1e9;
        for (uint k = 0u; k < 4u; ++k) {
            vec3 d = texels[i] - palette[k];
            float dd = dot(d, d);
            if (dd < bestD) { bestD = dd; best = k; }
        }
        indices |= best << (2 * i);
    }
    imageStore(blocks, block, uvec4(c0 | (c1 << 16), indices, 0u, 0u));
}
