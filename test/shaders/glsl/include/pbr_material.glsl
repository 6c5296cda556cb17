// The material record the forward and deferred geometry passes read per draw.
#ifndef PBR_MATERIAL_GLSL
#define PBR_MATERIAL_GLSL

struct Material {
    vec4 baseColorFactor;
    vec4 emissiveFactor;     // rgb, a strength
    float metallicFactor;
    float roughnessFactor;
    float normalScale;
    float alphaCutoff;
    uint baseColorTexture;
    uint metallicRoughnessTexture;
    uint normalTexture;
    uint flags;
};

const uint MATERIAL_DOUBLE_SIDED = 1u;
const uint MATERIAL_ALPHA_MASK = 2u;
const uint MATERIAL_UNLIT = 4u;

#endif
