// Particle state as the simulation, sorting and rendering passes share it.
#ifndef PARTICLES_GLSL
#define PARTICLES_GLSL

struct Particle {
    vec4 positionLife;   // xyz position, w remaining life in seconds
    vec4 velocityAge;    // xyz velocity, w age
    vec4 color;
    vec2 size;           // start and end size
    uint flags;
    uint seed;
};

const uint PARTICLE_ALIVE = 1u;
const uint PARTICLE_COLLIDES = 2u;

struct ParticleCounters {
    uint alive;
    uint dead;
    uint emitted;
    uint drawCount;
};

#endif
