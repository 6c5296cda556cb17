#version 450
// A luminance histogram: each 16x16 workgroup counts its tile into shared memory, indexed by
// gl_LocalInvocationIndex (the builtin lower-local-invocation-index rewrites), then adds its
// counts to the global histogram.
#include "lib/color.glsl"

layout(local_size_x = 16, local_size_y = 16) in;

layout(constant_id = 0) const uint BIN_COUNT = 64u;

layout(set = 0, binding = 0, rgba8) uniform readonly image2D source;
layout(std430, set = 0, binding = 1) buffer Histogram { uint bins[]; } histogram;

layout(push_constant) uniform Params {
    uvec2 size;
    float exposure;
} params;

shared uint tileBins[256];

void main() {
    uint lane = gl_LocalInvocationIndex;
    tileBins[lane] = 0u;
    barrier();

    uvec2 pixel = gl_GlobalInvocationID.xy;
    if (all(lessThan(pixel, params.size))) {
        vec3 rgb = imageLoad(source, ivec2(pixel)).rgb * params.exposure;
        atomicAdd(tileBins[binOf(luminance(rgb), BIN_COUNT)], 1u);
    }
    barrier();

    if (lane < BIN_COUNT) atomicAdd(histogram.bins[lane], tileBins[lane]);
}
