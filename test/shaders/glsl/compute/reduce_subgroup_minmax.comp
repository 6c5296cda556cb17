#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
// Bounds of a point cloud: subgroup min/max, then one atomic per subgroup on ordered uint bits.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0, std430) readonly buffer Points { vec4 points[]; };
layout(set = 0, binding = 1, std430) buffer Bounds { uint minBits[3]; uint maxBits[3]; };
layout(push_constant) uniform Count { uint count; } pc;

// Maps floats to uints whose order matches the floats' order.
uint orderedBits(float f) {
    uint u = floatBitsToUint(f);
    return (u & 0x80000000u) != 0u ? ~u : u | 0x80000000u;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec3 p = i < pc.count ? points[i].xyz : points[0].xyz;
    vec3 lo = subgroupMin(p);
    vec3 hi = subgroupMax(p);
    if (subgroupElect()) {
        for (int c = 0; c < 3; ++c) {
            atomicMin(minBits[c], orderedBits(lo[c]));
            atomicMax(maxBits[c], orderedBits(hi[c]));
        }
    }
}
