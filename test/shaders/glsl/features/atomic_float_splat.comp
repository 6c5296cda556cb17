// target-env: vulkan1.2
#version 450
#extension GL_EXT_shader_atomic_float : require
// Splats particle mass onto a grid with float atomics (the particle-to-grid step of MPM / PIC).
layout(local_size_x = 128) in;
layout(set = 0, binding = 0, std430) readonly buffer Particles { vec4 particles[]; }; // xyz position, w mass
layout(set = 0, binding = 1, std430) buffer Grid { float mass[]; };
layout(push_constant) uniform Params { uint count; uint gridSize; float cellSize; } params;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.count) return;
    vec3 g = particles[i].xyz / params.cellSize - 0.5;
    ivec3 base = ivec3(floor(g));
    vec3 f = g - vec3(base);
    for (int k = 0; k < 8; ++k) {
        ivec3 o = ivec3(k & 1, (k >> 1) & 1, k >> 2);
        ivec3 c = base + o;
        if (any(lessThan(c, ivec3(0))) || any(greaterThanEqual(c, ivec3(params.gridSize)))) continue;
        vec3 w3 = mix(1.0 - f, f, vec3(o));
        uint cell = uint(c.x) + uint(c.y) * params.gridSize + uint(c.z) * params.gridSize * params.gridSize;
        atomicAdd(mass[cell], particles[i].w * w3.x * w3.y * w3.z);
    }
}
