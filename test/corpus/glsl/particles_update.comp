#version 450
// Particle simulation step: SSBO of structs, storage image write, sampled
// image read, atomics, push constants and a spec-constant workgroup size.

layout(local_size_x_id = 0) in;
layout(local_size_x = 128) in;

layout(constant_id = 1) const uint MAX_ATTRACTORS = 4u;

struct Particle {
    vec4 position;   // xyz, w = life
    vec4 velocity;   // xyz, w = mass
    uint flags;
    uint seed;
    vec2 pad;
};

layout(std430, set = 0, binding = 0) buffer Particles {
    Particle particles[];
};

layout(std430, set = 0, binding = 1) buffer Counters {
    uint alive;
    uint dead;
    uint emitted;
} counters;

layout(std140, set = 0, binding = 2) uniform Sim {
    vec4 attractors[8];   // xyz, w = strength
    vec4 gravityDt;       // xyz gravity, w = dt
    uint particleCount;
} sim;

layout(set = 0, binding = 3, r32ui) uniform uimage2D densityImage;
layout(set = 0, binding = 4) uniform sampler3D windField;

layout(push_constant) uniform Push {
    vec2 worldMin;
    vec2 worldSize;
} pc;

uint hash(uint x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

vec3 attraction(vec3 p) {
    vec3 acc = vec3(0.0);
    for (uint i = 0u; i < MAX_ATTRACTORS; ++i) {
        vec4 a = sim.attractors[i];
        vec3 d = a.xyz - p;
        float r2 = max(dot(d, d), 0.01);
        acc += d * inversesqrt(r2) * (a.w / r2);
    }
    return acc;
}

void respawn(inout Particle p) {
    p.seed = hash(p.seed);
    float rx = float(p.seed & 0xffffu) / 65535.0;
    float rz = float(p.seed >> 16) / 65535.0;
    p.position = vec4(pc.worldMin.x + rx * pc.worldSize.x, 0.0, pc.worldMin.y + rz * pc.worldSize.y, 5.0);
    p.velocity.xyz = vec3(0.0, 1.0, 0.0);
    atomicAdd(counters.emitted, 1u);
}

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= sim.particleCount) {
        return;
    }
    Particle p = particles[id];
    float dt = sim.gravityDt.w;
    if (p.position.w <= 0.0) {
        respawn(p);
    }
    vec3 wind = textureLod(windField, p.position.xyz * 0.01 + 0.5, 0.0).xyz;
    vec3 acc = sim.gravityDt.xyz + attraction(p.position.xyz) + wind / max(p.velocity.w, 0.1);
    p.velocity.xyz += acc * dt;
    p.position.xyz += p.velocity.xyz * dt;
    p.position.w -= dt;

    if (p.position.w > 0.0) {
        atomicAdd(counters.alive, 1u);
        vec2 rel = (p.position.xz - pc.worldMin) / pc.worldSize;
        ivec2 size = imageSize(densityImage);
        ivec2 texel = ivec2(clamp(rel, vec2(0.0), vec2(0.999)) * vec2(size));
        imageAtomicAdd(densityImage, texel, 1u);
    } else {
        atomicAdd(counters.dead, 1u);
    }
    particles[id] = p;
}
