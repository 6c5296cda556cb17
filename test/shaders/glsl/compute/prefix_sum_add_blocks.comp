#version 450
// Last level of a multi-block scan: add each block's scanned total to its elements.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) buffer Data { uint data[]; };
layout(set = 0, binding = 1, std430) readonly buffer ScannedSums { uint scannedSums[]; };
layout(push_constant) uniform Count { uint count; } pc;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.count) data[i] += scannedSums[i / 512u];
}
