// Shared ray-tracing declarations (included by the .r* shaders).
#ifndef RT_COMMON_GLSL
#define RT_COMMON_GLSL

struct HitPayload {
    vec3 radiance;
    vec3 throughput;
    vec3 nextOrigin;
    vec3 nextDir;
    uint depth;
    uint seed;
    bool done;
};

struct ShadowPayload {
    bool occluded;
};

struct CallableData {
    vec3 normal;
    vec2 uv;
    vec3 albedo;
};

struct SphereAttribs {
    vec3 normal;
    float t;
};

uint pcgHash(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

float rand01(inout uint seed) {
    seed = pcgHash(seed);
    return float(seed) / 4294967295.0;
}

#endif
