#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"
// Auto-exposure, pass 1: log-luminance histogram of the HDR frame.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0) uniform sampler2D hdrColor;
layout(set = 0, binding = 1, std430) buffer Histogram { uint bins[256]; };
layout(push_constant) uniform Range { float minLogLum; float invLogLumRange; } range;

shared uint localBins[256];

uint binOf(vec3 c) {
    float l = luminance(c);
    if (l < EPSILON) return 0u; // bin 0 is for black pixels, excluded from the average
    return uint(saturate((log2(l) - range.minLogLum) * range.invLogLumRange) * 254.0 + 1.0);
}

void main() {
    localBins[gl_LocalInvocationIndex] = 0u;
    barrier();
    ivec2 size = textureSize(hdrColor, 0);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x < size.x && p.y < size.y) atomicAdd(localBins[binOf(texelFetch(hdrColor, p, 0).rgb)], 1u);
    barrier();
    atomicAdd(bins[gl_LocalInvocationIndex], localBins[gl_LocalInvocationIndex]);
}
