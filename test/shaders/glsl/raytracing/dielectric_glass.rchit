#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
#include "../include/random.glsl"
// Glass: reflect or refract by Schlick's Fresnel, with Beer absorption inside the volume.
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec2 attribs;
void main() {
    HitSurface s = hitSurface(attribs);
    GpuMaterial m = materials[s.material];
    vec3 d = gl_WorldRayDirectionEXT;
    bool entering = gl_HitKindEXT == gl_HitKindFrontFacingTriangleEXT;
    float eta = entering ? 1.0 / m.ior : m.ior;
    if (!entering) payload.throughput *= exp(-(1.0 - m.baseColor.rgb) * gl_HitTEXT);
    float cosTheta = min(dot(-d, s.normal), 1.0);
    float sinTheta = sqrt(1.0 - cosTheta * cosTheta);
    float r0 = (1.0 - eta) / (1.0 + eta);
    r0 *= r0;
    float reflectance = r0 + (1.0 - r0) * pow(1.0 - cosTheta, 5.0);
    vec3 dir;
    vec3 origin;
    if (eta * sinTheta > 1.0 || nextRandom(payload.seed) < reflectance) {
        dir = reflect(d, s.normal);
        origin = offsetRay(s.position, s.geoNormal);
    } else {
        dir = refract(d, s.normal, eta);
        origin = offsetRay(s.position, -s.geoNormal);
    }
    payload.origin = origin;
    payload.direction = dir;
    payload.radiance.x = 1.0; // photon pass: a specular surface
}
