#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
#include "../include/random.glsl"
#include "../include/sampling.glsl"
// Minimal diffuse surface with the instance's colour: the "one weekend" material.
layout(set = 1, binding = 0, std430) readonly buffer InstanceColors { vec4 instanceColors[]; };
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec2 attribs;
void main() {
    vec3 p = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT;
    // Face normal from the object-space triangle is not available here without buffers, so the
    // shading normal comes from the hit position on a unit sphere instance (the demo scene).
    vec3 n = normalize(p - gl_ObjectToWorldEXT[3]);
    payload.throughput *= instanceColors[gl_InstanceCustomIndexEXT].rgb;
    payload.origin = p + n * 1e-3;
    payload.direction = sampleCosineHemisphere(nextRandom2(payload.seed), n);
}
