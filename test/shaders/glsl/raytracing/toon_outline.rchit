#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
// Cel shading in a ray tracer: banded N.L and an outline where the normal turns from the view.
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec2 attribs;
layout(push_constant) uniform Toon { vec4 lightDir; float bands; float outline; } toon;
void main() {
    HitSurface s = hitSurface(attribs);
    vec3 base = materials[s.material].baseColor.rgb;
    float ndl = max(dot(s.normal, -normalize(toon.lightDir.xyz)), 0.0);
    float banded = floor(ndl * toon.bands) / toon.bands;
    float edge = abs(dot(s.normal, gl_WorldRayDirectionEXT)) < toon.outline ? 0.0 : 1.0;
    payload.radiance = base * (0.3 + 0.7 * banded) * edge;
    payload.done = true;
}
