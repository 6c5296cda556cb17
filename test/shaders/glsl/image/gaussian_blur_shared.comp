#version 450
// Separable Gaussian blur, one direction per dispatch; the row plus its apron is cached in shared memory.
layout(local_size_x = 128) in;
layout(constant_id = 0) const bool VERTICAL = false;
layout(constant_id = 1) const int RADIUS = 8;
layout(set = 0, binding = 0, rgba16f) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba16f) uniform writeonly image2D dst;
layout(set = 0, binding = 2, std430) readonly buffer Weights { float weights[]; }; // RADIUS + 1

shared vec4 cache[128 + 2 * 32];

void main() {
    ivec2 size = imageSize(src);
    int lid = int(gl_LocalInvocationIndex);
    ivec2 dir = VERTICAL ? ivec2(0, 1) : ivec2(1, 0);
    ivec2 lineStart = VERTICAL ? ivec2(gl_WorkGroupID.y, gl_WorkGroupID.x * 128u) : ivec2(gl_WorkGroupID.x * 128u, gl_WorkGroupID.y);
    for (int i = lid; i < 128 + 2 * RADIUS; i += 128) {
        ivec2 p = clamp(lineStart + dir * (i - RADIUS), ivec2(0), size - 1);
        cache[i] = imageLoad(src, p);
    }
    barrier();
    vec4 sum = cache[lid + RADIUS] * weights[0];
    for (int r = 1; r <= RADIUS; ++r) {
        sum += (cache[lid + RADIUS - r] + cache[lid + RADIUS + r]) * weights[r];
    }
    ivec2 p = lineStart + dir * lid;
    if (all(lessThan(p, size))) imageStore(dst, p, sum);
}
