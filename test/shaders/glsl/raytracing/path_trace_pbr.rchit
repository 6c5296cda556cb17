#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
#include "../include/random.glsl"
#include "../include/sampling.glsl"
#include "../include/brdf.glsl"

// One bounce of the path tracer: emission, next-event estimation towards the sun, then a
// sampled continuation (diffuse or specular lobe by Fresnel weight).
layout(location = 0) rayPayloadInEXT HitPayload payload;
layout(location = 1) rayPayloadEXT ShadowPayload shadow;
hitAttributeEXT vec2 attribs;
layout(push_constant) uniform Sun { vec4 direction; vec4 radiance; } sun;

void main() {
    HitSurface s = hitSurface(attribs);
    GpuMaterial m = materials[s.material];
    vec3 albedo = m.baseColor.rgb;
    if (m.baseColorTexture >= 0) albedo *= textureLod(sceneTextures[m.baseColorTexture], s.uv, 0.0).rgb;
    vec3 v = -gl_WorldRayDirectionEXT;
    payload.radiance += payload.throughput * m.emission.rgb * m.emission.a;

    vec3 l = normalize(-sun.direction.xyz);
    if (dot(s.normal, l) > 0.0) {
        shadow.occluded = true;
        traceRayEXT(topLevel, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsSkipClosestHitShaderEXT,
                    0x01, 0, 0, RT_MISS_SHADOW, offsetRay(s.position, s.geoNormal), 0.0, l, 1e4, 1);
        if (!shadow.occluded) {
            payload.radiance += payload.throughput * evaluateBrdf(s.normal, v, l, albedo, m.metallic, max(m.roughness, 0.05), sun.radiance.rgb);
        }
    }

    vec3 f0 = mix(vec3(0.04), albedo, m.metallic);
    float specProb = clamp(luminance(fresnelSchlick(max(dot(s.normal, v), 0.0), f0)), 0.1, 0.9);
    vec3 dir;
    if (nextRandom(payload.seed) < specProb) {
        vec3 h = sampleGgx(nextRandom2(payload.seed), s.normal, max(m.roughness, 0.02));
        dir = reflect(-v, h);
        payload.throughput *= fresnelSchlick(max(dot(h, v), 0.0), f0) / specProb;
    } else {
        dir = sampleCosineHemisphere(nextRandom2(payload.seed), s.normal);
        payload.throughput *= albedo * (1.0 - m.metallic) / (1.0 - specProb);
    }
    if (dot(dir, s.geoNormal) <= 0.0) payload.done = true;
    payload.origin = offsetRay(s.position, s.geoNormal);
    payload.direction = dir;
}
