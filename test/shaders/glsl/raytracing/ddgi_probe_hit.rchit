#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
#include "../include/octahedral.glsl"
// Probe rays: direct sun light plus the previous frame's probe irradiance at the hit (infinite
// bounces over time).
layout(set = 2, binding = 1) uniform sampler2D probeIrradiance;
layout(push_constant) uniform Sun { vec4 direction; vec4 radiance; } sun;
layout(location = 0) rayPayloadInEXT HitPayload payload;
layout(location = 1) rayPayloadEXT ShadowPayload shadow;
hitAttributeEXT vec2 attribs;
void main() {
    HitSurface s = hitSurface(attribs);
    if (gl_HitKindEXT == gl_HitKindBackFacingTriangleEXT) {
        // Inside geometry: a short negative distance tells the probe relocation to move the probe.
        payload.origin = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT * 0.2;
        payload.radiance = vec3(0.0);
        return;
    }
    vec3 albedo = materials[s.material].baseColor.rgb;
    vec3 l = normalize(-sun.direction.xyz);
    shadow.occluded = true;
    traceRayEXT(topLevel, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsSkipClosestHitShaderEXT, 0x01, 0, 0, RT_MISS_SHADOW,
                offsetRay(s.position, s.geoNormal), 0.0, l, 1e4, 1);
    vec3 direct = shadow.occluded ? vec3(0.0) : sun.radiance.rgb * max(dot(s.normal, l), 0.0);
    vec3 indirect = textureLod(probeIrradiance, octEncode(s.normal), 0.0).rgb;
    payload.radiance = albedo / 3.14159265 * (direct + indirect);
    payload.origin = s.position;
}
