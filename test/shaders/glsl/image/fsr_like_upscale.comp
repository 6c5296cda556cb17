#version 450
// Spatial upscale: Lanczos-2 over a 4x4 neighbourhood, then clamped to the 2x2 nearest to
// suppress ringing (the idea behind edge-adaptive upscalers, without their edge analysis).
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0) uniform sampler2D lowRes;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D highRes;

float lanczos2(float x) {
    x = abs(x);
    if (x < 1e-5) return 1.0;
    if (x >= 2.0) return 0.0;
    float px = 3.14159265 * x;
    return 2.0 * sin(px) * sin(px * 0.5) / (px * px);
}

void main() {
    ivec2 outSize = imageSize(highRes);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, outSize))) return;
    vec2 inSize = vec2(textureSize(lowRes, 0));
    vec2 src = (vec2(p) + 0.5) * inSize / vec2(outSize) - 0.5;
    ivec2 base = ivec2(floor(src));
    vec2 f = src - vec2(base);
    vec3 sum = vec3(0.0);
    float wsum = 0.0;
    vec3 mn = vec3(1e9), mx = vec3(-1e9);
    for (int y = -1; y <= 2; ++y) {
        for (int x = -1; x <= 2; ++x) {
            vec3 c = texelFetch(lowRes, clamp(base + ivec2(x, y), ivec2(0), ivec2(inSize) - 1), 0).rgb;
            float w = lanczos2(float(x) - f.x) * lanczos2(float(y) - f.y);
            sum += c * w;
            wsum += w;
            if (x >= 0 && x <= 1 && y >= 0 && y <= 1) { mn = min(mn, c); mx = max(mx, c); }
        }
    }
    imageStore(highRes, p, vec4(clamp(sum / wsum, mn, mx), 1.0));
}
