#version 460
#extension GL_EXT_ray_tracing : require
struct GBufferPayload { vec3 position; vec3 normal; vec2 uv; uint material; bool hit; };
layout(location = 0) rayPayloadInEXT GBufferPayload g;
void main() { g.hit = false; g.position = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_RayTmaxEXT; }
