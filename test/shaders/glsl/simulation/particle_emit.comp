#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/particles.glsl"
#include "../include/random.glsl"
#include "../include/sampling.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer ParticlePool { Particle particles[]; };
layout(set = 0, binding = 1, std430) buffer DeadList { uint deadIndices[]; };
layout(set = 0, binding = 2, std430) buffer Counters { ParticleCounters counters; };
layout(set = 0, binding = 3, std140) uniform Emitter {
    vec4 position;      // xyz, w spawn radius
    vec4 velocity;      // xyz mean, w spread
    vec4 colorStart;
    vec2 lifeRange;
    vec2 sizeRange;
    uint emitCount;
    uint frameSeed;
} emitter;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= emitter.emitCount) return;
    // Take an index from the dead list; give up when it is empty.
    uint deadSlot = atomicAdd(counters.dead, uint(-1)) - 1u;
    if (int(deadSlot) < 0) { atomicAdd(counters.dead, 1u); return; }
    uint index = deadIndices[deadSlot];
    uint seed = hash2(uvec2(i, emitter.frameSeed));
    vec3 dir = sampleUniformSphere(nextRandom2(seed));
    Particle p;
    p.positionLife = vec4(emitter.position.xyz + dir * emitter.position.w * nextRandom(seed),
                          mix(emitter.lifeRange.x, emitter.lifeRange.y, nextRandom(seed)));
    p.velocityAge = vec4(emitter.velocity.xyz + dir * emitter.velocity.w, 0.0);
    p.color = emitter.colorStart;
    p.size = emitter.sizeRange;
    p.flags = PARTICLE_ALIVE | PARTICLE_COLLIDES;
    p.seed = seed;
    particles[index] = p;
    atomicAdd(counters.emitted, 1u);
}
