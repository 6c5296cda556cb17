#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
struct LidarPayload { float t; float intensity; };
layout(location = 0) rayPayloadInEXT LidarPayload lp;
hitAttributeEXT vec2 attribs;
void main() {
    HitSurface s = hitSurface(attribs);
    float cosIncidence = abs(dot(s.geoNormal, gl_WorldRayDirectionEXT));
    float reflectivity = dot(materials[s.material].baseColor.rgb, vec3(0.333));
    lp.t = gl_HitTEXT;
    // Lambertian return with inverse-square falloff.
    lp.intensity = reflectivity * cosIncidence / max(gl_HitTEXT * gl_HitTEXT, 1.0);
}
