#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
struct AudioPayload { vec3 position; vec3 normal; float absorption; bool hit; };
layout(location = 0) rayPayloadInEXT AudioPayload ap;
hitAttributeEXT vec2 attribs;
void main() {
    HitSurface s = hitSurface(attribs);
    ap.position = s.position;
    ap.normal = s.geoNormal;
    // Acoustic absorption stored in the material's transmission slot.
    ap.absorption = clamp(materials[s.material].transmission, 0.0, 1.0);
    ap.hit = true;
}
