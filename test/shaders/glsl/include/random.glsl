// Hashes and a small PCG generator for stochastic effects and path tracing.
#ifndef RANDOM_GLSL
#define RANDOM_GLSL

uint pcgHash(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

uint hash2(uvec2 v) { return pcgHash(v.x ^ pcgHash(v.y)); }

uint hash3(uvec3 v) { return pcgHash(v.x ^ pcgHash(v.y ^ pcgHash(v.z))); }

// Advances the state and returns a float in [0, 1).
float nextRandom(inout uint state) {
    state = state * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return float((word >> 22u) ^ word) / 4294967296.0;
}

vec2 nextRandom2(inout uint state) { return vec2(nextRandom(state), nextRandom(state)); }

float hashToFloat(uint h) { return float(h >> 8) / 16777216.0; }

#endif
