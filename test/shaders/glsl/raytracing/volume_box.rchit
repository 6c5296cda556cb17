#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
#include "../include/random.glsl"
#include "../include/sampling.glsl"
// Homogeneous participating medium inside an AABB: sample a free-flight distance; scatter
// isotropically inside or pass through to the far side.
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec2 tRange; // entry and exit distances from the box intersection
layout(push_constant) uniform Medium { vec4 albedo; float density; } medium;
void main() {
    float entry = gl_HitTEXT;
    float exitT = tRange.y;
    float d = -log(max(1.0 - nextRandom(payload.seed), 1e-7)) / medium.density;
    if (entry + d < exitT) {
        payload.origin = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * (entry + d);
        payload.direction = sampleUniformSphere(nextRandom2(payload.seed));
        payload.throughput *= medium.albedo.rgb;
    } else {
        payload.origin = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * (exitT + 1e-3);
        payload.direction = gl_WorldRayDirectionEXT;
    }
}
