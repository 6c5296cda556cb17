#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/gbuffer.glsl"
#include "../include/pbr_material.glsl"

layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec4 inTangent;
layout(location = 2) in vec2 inUv;
layout(location = 3) in vec4 inCurrClip;
layout(location = 4) in vec4 inPrevClip;
layout(location = 5) flat in uint inMaterial;

layout(set = 1, binding = 1, std430) readonly buffer Materials { Material materials[]; };
layout(set = 2, binding = 0) uniform sampler2D textures[64];

layout(location = 0) out vec4 outRt0;
layout(location = 1) out vec4 outRt1;
layout(location = 2) out vec4 outRt2;
layout(location = 3) out vec2 outVelocity;

void main() {
    Material m = materials[inMaterial];
    vec4 base = m.baseColorFactor * texture(textures[m.baseColorTexture], inUv);
    if ((m.flags & MATERIAL_ALPHA_MASK) != 0u && base.a < m.alphaCutoff) discard;
    vec3 n = normalize(inNormal);
    vec3 t = normalize(inTangent.xyz);
    vec3 b = cross(n, t) * inTangent.w;
    vec3 nt = texture(textures[m.normalTexture], inUv).xyz * 2.0 - 1.0;
    nt.xy *= m.normalScale;
    vec2 mr = texture(textures[m.metallicRoughnessTexture], inUv).bg;

    SurfaceData s;
    s.albedo = base.rgb;
    s.normal = normalize(mat3(t, b, n) * nt);
    if (!gl_FrontFacing && (m.flags & MATERIAL_DOUBLE_SIDED) != 0u) s.normal = -s.normal;
    s.metallic = mr.x * m.metallicFactor;
    s.roughness = mr.y * m.roughnessFactor;
    s.occlusion = 1.0;
    s.emissive = m.emissiveFactor.rgb * m.emissiveFactor.a;
    packGbuffer(s, outRt0, outRt1, outRt2);
    outVelocity = (inCurrClip.xy / inCurrClip.w - inPrevClip.xy / inPrevClip.w) * 0.5;
}
