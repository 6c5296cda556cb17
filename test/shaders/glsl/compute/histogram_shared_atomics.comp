#version 450
// 256-bin histogram of an 8-bit image: per-workgroup bins in shared memory, merged once.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, r8) uniform readonly image2D src;
layout(set = 0, binding = 1, std430) buffer Histogram { uint bins[256]; };

shared uint localBins[256];

void main() {
    uint lid = gl_LocalInvocationIndex;
    localBins[lid] = 0u;
    barrier();
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (all(lessThan(p, imageSize(src)))) {
        uint v = uint(imageLoad(src, p).r * 255.0 + 0.5);
        atomicAdd(localBins[v], 1u);
    }
    barrier();
    if (localBins[lid] != 0u) atomicAdd(bins[lid], localBins[lid]);
}
