#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_scene.glsl"
layout(location = 0) rayPayloadInEXT HitPayload payload;
void main() {
    payload.radiance += payload.throughput * texture(environmentMap, gl_WorldRayDirectionEXT).rgb;
    payload.done = true;
}
