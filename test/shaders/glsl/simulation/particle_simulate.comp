#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/particles.glsl"
#include "../include/noise.glsl"
// Integrate, collide with the depth buffer, and rebuild the alive list for drawing.
layout(local_size_x = 256) in;
layout(set = 1, binding = 0, std430) buffer ParticlePool { Particle particles[]; };
layout(set = 1, binding = 1, std430) buffer DeadList { uint deadIndices[]; };
layout(set = 1, binding = 2, std430) buffer AliveList { uint aliveIndices[]; };
layout(set = 1, binding = 3, std430) buffer Counters { ParticleCounters counters; };
layout(set = 1, binding = 4) uniform sampler2D sceneDepth;
layout(set = 1, binding = 5) uniform sampler2D sceneNormals;
layout(push_constant) uniform Sim { float dt; float drag; vec2 pad; vec4 gravity; float curlStrength; uint poolSize; } sim;

vec3 curlNoise(vec3 p) {
    const float e = 0.1;
    float n1 = valueNoise3(p + vec3(0, e, 0)) - valueNoise3(p - vec3(0, e, 0));
    float n2 = valueNoise3(p + vec3(0, 0, e)) - valueNoise3(p - vec3(0, 0, e));
    float n3 = valueNoise3(p + vec3(e, 0, 0)) - valueNoise3(p - vec3(e, 0, 0));
    return vec3(n1 - n2, n2 - n3, n3 - n1) / (2.0 * e);
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= sim.poolSize) return;
    Particle p = particles[i];
    if ((p.flags & PARTICLE_ALIVE) == 0u) return;
    p.positionLife.w -= sim.dt;
    if (p.positionLife.w <= 0.0) {
        p.flags &= ~PARTICLE_ALIVE;
        particles[i] = p;
        deadIndices[atomicAdd(counters.dead, 1u)] = i;
        return;
    }
    vec3 v = p.velocityAge.xyz;
    v += (sim.gravity.xyz + curlNoise(p.positionLife.xyz * 0.5) * sim.curlStrength) * sim.dt;
    v *= exp(-sim.drag * sim.dt);
    vec3 next = p.positionLife.xyz + v * sim.dt;
    if ((p.flags & PARTICLE_COLLIDES) != 0u) {
        vec4 clip = camera.viewProj * vec4(next, 1.0);
        vec3 ndc = clip.xyz / clip.w;
        vec2 uv = ndc.xy * 0.5 + 0.5;
        if (all(greaterThan(uv, vec2(0.0))) && all(lessThan(uv, vec2(1.0)))) {
            float sceneZ = linearDepth(textureLod(sceneDepth, uv, 0.0).r);
            float z = linearDepth(ndc.z);
            if (z > sceneZ && z < sceneZ + 0.5) {
                vec3 n = normalize(textureLod(sceneNormals, uv, 0.0).xyz * 2.0 - 1.0);
                v = reflect(v, n) * 0.4;
                next = p.positionLife.xyz;
            }
        }
    }
    p.positionLife.xyz = next;
    p.velocityAge = vec4(v, p.velocityAge.w + sim.dt);
    particles[i] = p;
    aliveIndices[atomicAdd(counters.alive, 1u)] = i;
    atomicAdd(counters.drawCount, 1u);
}
