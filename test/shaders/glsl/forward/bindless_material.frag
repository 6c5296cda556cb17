// target-env: vulkan1.2
#version 460
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_GOOGLE_include_directive : require
#include "../include/bindless.glsl"
#include "../include/pbr_material.glsl"

layout(set = 1, binding = 0, std430) readonly buffer Materials { Material materials[]; };

layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec2 inUv;
layout(location = 2) flat in uint inMaterial;

layout(location = 0) out vec4 outColor;

void main() {
    Material m = materials[inMaterial];
    vec4 base = m.baseColorFactor * sampleBindless(m.baseColorTexture, inUv);
    if ((m.flags & MATERIAL_ALPHA_MASK) != 0u && base.a < m.alphaCutoff) discard;
    if ((m.flags & MATERIAL_UNLIT) != 0u) {
        outColor = base;
        return;
    }
    vec3 n = normalize(inNormal);
    float ndl = max(dot(n, normalize(vec3(0.4, 0.8, 0.3))), 0.0);
    outColor = vec4(base.rgb * (0.1 + ndl) + m.emissiveFactor.rgb * m.emissiveFactor.a, base.a);
}
