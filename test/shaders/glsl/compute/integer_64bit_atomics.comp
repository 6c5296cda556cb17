#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
// Visibility buffer resolve: depth in the high 32 bits, triangle id in the low, so one 64-bit
// atomicMax keeps the nearest triangle (depth stored reversed: larger is nearer).
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, std430) buffer VisBuffer { uint64_t packed[]; };
layout(set = 0, binding = 1, std430) readonly buffer Fragments { uvec2 fragments[]; }; // x: pixel, y: depth bits
layout(push_constant) uniform Info { uint fragmentCount; uint triangleBase; } info;
void main() {
    uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 8u + gl_GlobalInvocationID.x;
    if (i >= info.fragmentCount) return;
    uvec2 f = fragments[i];
    uint64_t value = (uint64_t(f.y) << 32) | uint64_t(info.triangleBase + i);
    atomicMax(packed[f.x], value);
}
