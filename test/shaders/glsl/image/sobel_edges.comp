#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, r8) uniform writeonly image2D edges;
shared float lum[18][18];
void main() {
    ivec2 base = ivec2(gl_WorkGroupID.xy) * 16 - 1;
    ivec2 size = imageSize(src);
    // 18x18 apron loaded by 256 invocations.
    for (uint i = gl_LocalInvocationIndex; i < 324u; i += 256u) {
        ivec2 q = clamp(base + ivec2(i % 18u, i / 18u), ivec2(0), size - 1);
        lum[i / 18u][i % 18u] = dot(imageLoad(src, q).rgb, vec3(0.299, 0.587, 0.114));
    }
    barrier();
    ivec2 l = ivec2(gl_LocalInvocationID.xy) + 1;
    float gx = lum[l.y - 1][l.x + 1] + 2.0 * lum[l.y][l.x + 1] + lum[l.y + 1][l.x + 1]
             - lum[l.y - 1][l.x - 1] - 2.0 * lum[l.y][l.x - 1] - lum[l.y + 1][l.x - 1];
    float gy = lum[l.y + 1][l.x - 1] + 2.0 * lum[l.y + 1][l.x] + lum[l.y + 1][l.x + 1]
             - lum[l.y - 1][l.x - 1] - 2.0 * lum[l.y - 1][l.x] - lum[l.y - 1][l.x + 1];
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (all(lessThan(p, size))) imageStore(edges, p, vec4(length(vec2(gx, gy))));
}
