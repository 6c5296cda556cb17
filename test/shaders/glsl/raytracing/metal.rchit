#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
#include "../include/random.glsl"
#include "../include/sampling.glsl"
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec2 attribs;
void main() {
    HitSurface s = hitSurface(attribs);
    GpuMaterial m = materials[s.material];
    vec3 r = reflect(gl_WorldRayDirectionEXT, s.normal);
    // Fuzzy reflection: perturb within a sphere scaled by roughness; absorbed if it goes under.
    vec3 fuzzed = normalize(r + m.roughness * sampleUniformSphere(nextRandom2(payload.seed)));
    payload.throughput *= m.baseColor.rgb;
    payload.done = dot(fuzzed, s.geoNormal) <= 0.0;
    payload.origin = offsetRay(s.position, s.geoNormal);
    payload.direction = fuzzed;
}
