// Payloads, hit records and scene buffers shared by the ray-tracing stages.
#ifndef RT_COMMON_GLSL
#define RT_COMMON_GLSL

struct HitPayload {
    vec3 radiance;
    vec3 throughput;
    vec3 origin;
    vec3 direction;
    uint seed;
    uint depth;
    bool done;
};

struct ShadowPayload {
    bool occluded;
};

struct GpuMaterial {
    vec4 baseColor;
    vec4 emission;      // rgb emission, a strength
    float roughness;
    float metallic;
    float ior;
    float transmission;
    int baseColorTexture;
    int normalTexture;
    int pad0;
    int pad1;
};

struct GpuInstance {
    uint firstIndex;
    uint vertexOffset;
    uint materialIndex;
    uint flags;
};

struct GpuVertex {
    vec4 position;  // xyz, w = u
    vec4 normal;    // xyz, w = v
};

const uint RT_MISS_PRIMARY = 0u;
const uint RT_MISS_SHADOW = 1u;

vec3 offsetRay(vec3 p, vec3 n) {
    // Wächter & Binder, Ray Tracing Gems ch. 6: moves p off the surface by a few ULPs.
    const float origin = 1.0 / 32.0;
    const float floatScale = 1.0 / 65536.0;
    const float intScale = 256.0;
    ivec3 ofi = ivec3(intScale * n);
    vec3 pi = vec3(intBitsToFloat(floatBitsToInt(p.x) + (p.x < 0.0 ? -ofi.x : ofi.x)),
                   intBitsToFloat(floatBitsToInt(p.y) + (p.y < 0.0 ? -ofi.y : ofi.y)),
                   intBitsToFloat(floatBitsToInt(p.z) + (p.z < 0.0 ? -ofi.z : ofi.z)));
    return vec3(abs(p.x) < origin ? p.x + floatScale * n.x : pi.x,
                abs(p.y) < origin ? p.y + floatScale * n.y : pi.y,
                abs(p.z) < origin ? p.z + floatScale * n.z : pi.z);
}

#endif
