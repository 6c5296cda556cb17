#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
#include "../include/brdf.glsl"
#include "../include/lights.glsl"
// Reflection rays shade the hit with direct lighting only (and shadow rays), no further bounce.
layout(set = 2, binding = 2, std430) readonly buffer LightList { uint lightCount; uint pad[3]; Light lights[]; };
layout(location = 0) rayPayloadInEXT HitPayload payload;
layout(location = 1) rayPayloadEXT ShadowPayload shadow;
hitAttributeEXT vec2 attribs;
void main() {
    HitSurface s = hitSurface(attribs);
    GpuMaterial m = materials[s.material];
    vec3 albedo = m.baseColor.rgb;
    if (m.baseColorTexture >= 0) albedo *= textureLod(sceneTextures[m.baseColorTexture], s.uv, 0.0).rgb;
    vec3 v = -gl_WorldRayDirectionEXT;
    vec3 c = m.emission.rgb * m.emission.a + albedo * 0.02;
    for (uint i = 0u; i < min(lightCount, 8u); ++i) {
        vec3 l;
        vec3 radiance = lightRadiance(lights[i], s.position, l);
        if (dot(l, s.normal) <= 0.0 || all(equal(radiance, vec3(0.0)))) continue;
        float maxT = lightType(lights[i]) == LIGHT_DIRECTIONAL ? 1e4 : distance(lights[i].positionRange.xyz, s.position);
        shadow.occluded = true;
        traceRayEXT(topLevel, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsSkipClosestHitShaderEXT, 0x01, 0, 0,
                    RT_MISS_SHADOW, offsetRay(s.position, s.geoNormal), 0.0, l, maxT, 1);
        if (!shadow.occluded) c += evaluateBrdf(s.normal, v, l, albedo, m.metallic, max(m.roughness, 0.05), radiance);
    }
    payload.radiance += payload.throughput * c;
    payload.origin = s.position;
    payload.done = true;
}
