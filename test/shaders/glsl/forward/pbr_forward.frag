#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/brdf.glsl"
#include "../include/lights.glsl"
#include "../include/shadow.glsl"
#include "../include/color.glsl"

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUv;

layout(set = 1, binding = 0, std430) readonly buffer LightList {
    uint lightCount;
    uint pad0, pad1, pad2;
    Light lights[];
};
layout(set = 1, binding = 1, std140) uniform ShadowData {
    mat4 cascadeViewProj[SHADOW_CASCADES];
    vec4 cascadeSplits;
    float filterRadius;
} shadowData;
layout(set = 1, binding = 2) uniform sampler2DArrayShadow cascades;
layout(set = 1, binding = 3) uniform samplerCube irradianceMap;
layout(set = 1, binding = 4) uniform samplerCube prefilteredMap;
layout(set = 1, binding = 5) uniform sampler2D brdfLut;

layout(set = 2, binding = 0) uniform sampler2D baseColorTex;
layout(set = 2, binding = 1) uniform sampler2D metallicRoughnessTex;
layout(set = 2, binding = 2) uniform sampler2D emissiveTex;

layout(location = 0) out vec4 outColor;

float sunShadow(vec3 p, float viewDepth) {
    int c = selectCascade(viewDepth, shadowData.cascadeSplits);
    vec4 ls = shadowData.cascadeViewProj[c] * vec4(p, 1.0);
    vec3 uvz = ls.xyz / ls.w;
    uvz.xy = uvz.xy * 0.5 + 0.5;
    if (any(lessThan(uvz.xy, vec2(0.0))) || any(greaterThan(uvz.xy, vec2(1.0)))) return 1.0;
    return pcfShadow(cascades, uvz, float(c), shadowData.filterRadius / float(c + 1));
}

void main() {
    vec4 base = texture(baseColorTex, inUv);
    vec2 mr = texture(metallicRoughnessTex, inUv).bg;
    vec3 albedo = srgbToLinear(base.rgb);
    float metallic = mr.x;
    float roughness = clamp(mr.y, 0.04, 1.0);
    vec3 n = normalize(inNormal);
    vec3 v = normalize(camera.position.xyz - inWorldPos);
    float viewDepth = -(camera.view * vec4(inWorldPos, 1.0)).z;

    vec3 color = vec3(0.0);
    for (uint i = 0u; i < lightCount; ++i) {
        vec3 l;
        vec3 radiance = lightRadiance(lights[i], inWorldPos, l);
        if (i == 0u && lightType(lights[i]) == LIGHT_DIRECTIONAL) radiance *= sunShadow(inWorldPos, viewDepth);
        color += evaluateBrdf(n, v, l, albedo, metallic, roughness, radiance);
    }

    // Split-sum image-based lighting.
    float nDotV = max(dot(n, v), 1e-4);
    vec3 f0 = mix(vec3(0.04), albedo, metallic);
    vec3 f = fresnelSchlickRoughness(nDotV, f0, roughness);
    vec3 kd = (1.0 - f) * (1.0 - metallic);
    vec3 diffuse = texture(irradianceMap, n).rgb * albedo;
    float lod = roughness * float(textureQueryLevels(prefilteredMap) - 1);
    vec3 prefiltered = textureLod(prefilteredMap, reflect(-v, n), lod).rgb;
    vec2 envBrdf = texture(brdfLut, vec2(nDotV, roughness)).rg;
    color += kd * diffuse + prefiltered * (f * envBrdf.x + envBrdf.y);
    color += srgbToLinear(texture(emissiveTex, inUv).rgb);
    outColor = vec4(color, base.a);
}
