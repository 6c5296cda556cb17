#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
#include "../include/random.glsl"
#include "../include/sampling.glsl"
// Closest hit for the analytic spheres of sphere.rint: the intersection passes the normal.
layout(set = 1, binding = 6, std430) readonly buffer Spheres { vec4 spheres[]; }; // xyz centre, w radius
layout(set = 1, binding = 7, std430) readonly buffer SphereColors { vec4 sphereColors[]; };
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec3 hitNormal;
void main() {
    vec3 p = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT;
    vec3 n = normalize(hitNormal);
    payload.throughput *= sphereColors[gl_PrimitiveID].rgb;
    payload.origin = offsetRay(p, n);
    payload.direction = sampleCosineHemisphere(nextRandom2(payload.seed), n);
}
