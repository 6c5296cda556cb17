#version 450
// Workgroup size from specialisation constants; the flattened local index addresses shared memory,
// so lowering gl_LocalInvocationIndex must see spec-constant sizes.
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z = 1) in;
layout(constant_id = 2) const uint TAPS = 5;
layout(set = 0, binding = 0, std430) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Dst { float dst[]; };

shared float cache[1024];

void main() {
    uint local = gl_LocalInvocationIndex;
    uint groupSize = gl_WorkGroupSize.x * gl_WorkGroupSize.y;
    uint global = gl_WorkGroupID.x * groupSize + local;
    cache[local] = src[global];
    barrier();
    float sum = 0.0;
    for (uint t = 0u; t < TAPS; ++t) sum += cache[min(local + t, groupSize - 1u)];
    dst[global] = sum / float(TAPS);
}
