#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_GOOGLE_include_directive : require
// Closest hit: fetches per-instance material via SSBOs (nonuniform
// indexing), calls a callable shader for the surface, traces a shadow ray.
#include "include/rt_common.glsl"

layout(set = 0, binding = 0) uniform accelerationStructureEXT topLevel;
layout(set = 1, binding = 0, std430) readonly buffer Materials {
    vec4 albedoEmission[];
} materials;
layout(set = 1, binding = 1) uniform sampler2D textures[];

layout(location = 0) rayPayloadInEXT HitPayload payload;
layout(location = 1) rayPayloadEXT ShadowPayload shadow;
layout(location = 0) callableDataEXT CallableData surface;
hitAttributeEXT vec2 barycentrics;

const vec3 SUN_DIR = vec3(0.3, 0.9, 0.3);

vec3 sampleHemisphere(vec3 n, inout uint seed) {
    float u = rand01(seed);
    float v = rand01(seed);
    float phi = 6.2831853 * u;
    float r = sqrt(v);
    vec3 t = normalize(abs(n.x) > 0.5 ? cross(n, vec3(0, 1, 0)) : cross(n, vec3(1, 0, 0)));
    vec3 b = cross(n, t);
    return normalize(t * cos(phi) * r + b * sin(phi) * r + n * sqrt(1.0 - v));
}

void main() {
    vec3 bary = vec3(1.0 - barycentrics.x - barycentrics.y, barycentrics);
    surface.uv = bary.yz;
    surface.normal = normalize(vec3(gl_ObjectToWorldEXT * vec4(bary, 0.0)));
    executeCallableEXT(uint(gl_InstanceCustomIndexEXT) & 3u, 0);

    vec4 mat = materials.albedoEmission[nonuniformEXT(gl_InstanceCustomIndexEXT)];
    vec3 albedo = surface.albedo * mat.rgb *
        texture(textures[nonuniformEXT(gl_InstanceCustomIndexEXT)], surface.uv).rgb;
    vec3 hitPos = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT;

    shadow.occluded = true;
    traceRayEXT(topLevel,
                gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsSkipClosestHitShaderEXT,
                0xff, 0, 0, 1, hitPos + surface.normal * 1e-3, 0.0, SUN_DIR, 1e4, 1);
    float direct = shadow.occluded ? 0.0 : max(dot(surface.normal, SUN_DIR), 0.0);

    payload.radiance += payload.throughput * (mat.a + albedo * direct);
    payload.throughput *= albedo;
    if (payload.depth > 2u) {
        float p = max(payload.throughput.r, max(payload.throughput.g, payload.throughput.b));
        if (rand01(payload.seed) > p) {
            payload.done = true;
        } else {
            payload.throughput /= p;
        }
    }
    payload.nextOrigin = hitPos + surface.normal * 1e-3;
    payload.nextDir = sampleHemisphere(surface.normal, payload.seed);
}
