#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/brdf.glsl"

layout(location = 0) in VertexOut {
    vec3 worldPos;
    vec2 uv;
    mat3 tbn;
} vin;

layout(set = 1, binding = 0) uniform sampler2D albedoMap;
layout(set = 1, binding = 1) uniform sampler2D normalMap;
layout(set = 1, binding = 2) uniform sampler2D roughnessMap;

layout(push_constant) uniform Sun { layout(offset = 64) vec4 direction; vec4 color; } sun;

layout(location = 0) out vec4 outColor;

void main() {
    // BC5 normal maps store xy only.
    vec2 nxy = texture(normalMap, vin.uv).xy * 2.0 - 1.0;
    vec3 nt = vec3(nxy, sqrt(max(0.0, 1.0 - dot(nxy, nxy))));
    vec3 n = normalize(vin.tbn * nt);
    vec3 v = normalize(camera.position.xyz - vin.worldPos);
    vec3 albedo = texture(albedoMap, vin.uv).rgb;
    float roughness = texture(roughnessMap, vin.uv).r;
    vec3 c = evaluateBrdf(n, v, -sun.direction.xyz, albedo, 0.0, roughness, sun.color.rgb);
    outColor = vec4(c + albedo * 0.03, 1.0);
}
