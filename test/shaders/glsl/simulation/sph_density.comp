#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"
// Smoothed-particle hydrodynamics: density and pressure from neighbours found in a hashed grid.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0, std430) readonly buffer Positions { vec4 positions[]; };
layout(set = 0, binding = 1, std430) readonly buffer CellStart { uint cellStart[]; };
layout(set = 0, binding = 2, std430) readonly buffer CellEnd { uint cellEnd[]; };
layout(set = 0, binding = 3, std430) writeonly buffer DensityPressure { vec2 densityPressure[]; };
layout(push_constant) uniform Sph { uint count; float h; float mass; float restDensity; float stiffness; uint tableSize; } sph;

uint cellHash(ivec3 c) {
    return (uint(c.x * 73856093) ^ uint(c.y * 19349663) ^ uint(c.z * 83492791)) % sph.tableSize;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= sph.count) return;
    vec3 p = positions[i].xyz;
    ivec3 cell = ivec3(floor(p / sph.h));
    float h2 = sph.h * sph.h;
    float poly6 = 315.0 / (64.0 * PI * pow(sph.h, 9.0));
    float density = 0.0;
    for (int z = -1; z <= 1; ++z)
    for (int y = -1; y <= 1; ++y)
    for (int x = -1; x <= 1; ++x) {
        uint hash = cellHash(cell + ivec3(x, y, z));
        for (uint j = cellStart[hash]; j < cellEnd[hash]; ++j) {
            vec3 d = positions[j].xyz - p;
            float r2 = dot(d, d);
            if (r2 < h2) density += sph.mass * poly6 * pow(h2 - r2, 3.0);
        }
    }
    densityPressure[i] = vec2(density, sph.stiffness * (density - sph.restDensity));
}
