#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2D pressureIn;
layout(set = 0, binding = 1, r32f) uniform readonly image2D divergence;
layout(set = 0, binding = 2, r32f) uniform writeonly image2D pressureOut;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(pressureIn);
    if (any(greaterThanEqual(p, size))) return;
    float l = imageLoad(pressureIn, clamp(p - ivec2(1, 0), ivec2(0), size - 1)).r;
    float r = imageLoad(pressureIn, clamp(p + ivec2(1, 0), ivec2(0), size - 1)).r;
    float b = imageLoad(pressureIn, clamp(p - ivec2(0, 1), ivec2(0), size - 1)).r;
    float t = imageLoad(pressureIn, clamp(p + ivec2(0, 1), ivec2(0), size - 1)).r;
    imageStore(pressureOut, p, vec4((l + r + b + t - imageLoad(divergence, p).r) * 0.25));
}
