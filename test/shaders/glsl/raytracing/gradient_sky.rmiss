#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
// The classic "Ray Tracing in One Weekend" sky, for test scenes without an environment map.
layout(location = 0) rayPayloadInEXT HitPayload payload;
void main() {
    float t = 0.5 * (normalize(gl_WorldRayDirectionEXT).y + 1.0);
    payload.radiance += payload.throughput * mix(vec3(1.0), vec3(0.5, 0.7, 1.0), t);
    payload.done = true;
}
