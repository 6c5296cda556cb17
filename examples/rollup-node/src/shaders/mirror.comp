#version 450
// Reverses each 64-element slice of a buffer through shared memory (and scales it), indexing the
// slice with gl_LocalInvocationIndex, which lower-local-invocation-index rewrites at build time.
layout(local_size_x = 8, local_size_y = 8) in;

layout(constant_id = 0) const float SCALE = 1.0;

layout(std430, set = 0, binding = 0) readonly buffer Source { float source[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Destination { float destination[]; };

layout(push_constant) uniform Push { uint count; } push;

shared float slice[64];

void main() {
    uint local = gl_LocalInvocationIndex;
    uint first = gl_WorkGroupID.x * 64u;
    slice[local] = first + local < push.count ? source[first + local] : 0.0;
    barrier();
    if (first + local < push.count) destination[first + local] = SCALE * slice[63u - local];
}
