#version 450
// Depth-aware bilateral blur for half-resolution SSAO and volumetrics.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D noisy;
layout(set = 0, binding = 1) uniform sampler2D depth;
layout(set = 0, binding = 2, r16f) uniform writeonly image2D result;
layout(push_constant) uniform Params { float sigmaSpatial; float sigmaDepth; int radius; } params;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = textureSize(noisy, 0);
    if (any(greaterThanEqual(p, size))) return;
    float d0 = texelFetch(depth, p, 0).r;
    float sum = 0.0, wsum = 0.0;
    for (int y = -params.radius; y <= params.radius; ++y) {
        for (int x = -params.radius; x <= params.radius; ++x) {
            ivec2 q = clamp(p + ivec2(x, y), ivec2(0), size - 1);
            float dd = (texelFetch(depth, q, 0).r - d0) / params.sigmaDepth;
            float ds = float(x * x + y * y) / (2.0 * params.sigmaSpatial * params.sigmaSpatial);
            float w = exp(-ds - dd * dd);
            sum += texelFetch(noisy, q, 0).r * w;
            wsum += w;
        }
    }
    imageStore(result, p, vec4(sum / wsum));
}
