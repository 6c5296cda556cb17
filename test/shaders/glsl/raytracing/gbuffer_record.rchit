#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
struct GBufferPayload { vec3 position; vec3 normal; vec2 uv; uint material; bool hit; };
layout(location = 0) rayPayloadInEXT GBufferPayload g;
hitAttributeEXT vec2 attribs;
void main() {
    HitSurface s = hitSurface(attribs);
    g.position = s.position;
    g.normal = s.normal;
    g.uv = s.uv;
    g.material = s.material;
    g.hit = true;
}
