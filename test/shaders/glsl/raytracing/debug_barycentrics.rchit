#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
#include "../include/random.glsl"
// Debug view: barycentric colours, instance hue, and a checker by primitive id.
layout(push_constant) uniform Mode { uint mode; } debugView;
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec2 attribs;
void main() {
    vec3 c;
    if (debugView.mode == 0u) c = vec3(1.0 - attribs.x - attribs.y, attribs);
    else if (debugView.mode == 1u) c = vec3(pcgHash(gl_InstanceCustomIndexEXT) & 255u, (pcgHash(gl_InstanceCustomIndexEXT) >> 8) & 255u, (pcgHash(gl_InstanceCustomIndexEXT) >> 16) & 255u) / 255.0;
    else c = vec3(float((gl_PrimitiveID & 1) == 0) * 0.8 + 0.2);
    payload.radiance = c;
    payload.done = true;
}
