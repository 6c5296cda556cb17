// Cook-Torrance microfacet BRDF pieces (GGX distribution, Smith-Schlick visibility, Schlick Fresnel).
#ifndef BRDF_GLSL
#define BRDF_GLSL
#include "common.glsl"

float distributionGgx(float nDotH, float roughness) {
    float a = roughness * roughness;
    float a2 = a * a;
    float d = nDotH * nDotH * (a2 - 1.0) + 1.0;
    return a2 / (PI * d * d);
}

float geometrySchlickGgx(float nDotX, float roughness) {
    float r = roughness + 1.0;
    float k = r * r / 8.0;
    return nDotX / (nDotX * (1.0 - k) + k);
}

float geometrySmith(float nDotV, float nDotL, float roughness) {
    return geometrySchlickGgx(nDotV, roughness) * geometrySchlickGgx(nDotL, roughness);
}

vec3 fresnelSchlick(float cosTheta, vec3 f0) {
    return f0 + (1.0 - f0) * pow(1.0 - cosTheta, 5.0);
}

vec3 fresnelSchlickRoughness(float cosTheta, vec3 f0, float roughness) {
    return f0 + (max(vec3(1.0 - roughness), f0) - f0) * pow(1.0 - cosTheta, 5.0);
}

// Radiance reflected towards v from a light in direction l with the given radiance.
vec3 evaluateBrdf(vec3 n, vec3 v, vec3 l, vec3 albedo, float metallic, float roughness, vec3 radiance) {
    vec3 h = normalize(v + l);
    float nDotL = max(dot(n, l), 0.0);
    float nDotV = max(dot(n, v), 1e-4);
    vec3 f0 = mix(vec3(0.04), albedo, metallic);
    vec3 f = fresnelSchlick(max(dot(h, v), 0.0), f0);
    float d = distributionGgx(max(dot(n, h), 0.0), roughness);
    float g = geometrySmith(nDotV, nDotL, roughness);
    vec3 specular = d * g * f / (4.0 * nDotV * nDotL + 1e-4);
    vec3 kd = (1.0 - f) * (1.0 - metallic);
    return (kd * albedo / PI + specular) * radiance * nDotL;
}

#endif
