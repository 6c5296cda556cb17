#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_scene.glsl"
// Probe rays that escape see the sky's diffuse part only (a low mip of the environment).
layout(location = 0) rayPayloadInEXT HitPayload payload;
void main() {
    float lod = float(textureQueryLevels(environmentMap) - 2);
    payload.radiance = textureLod(environmentMap, gl_WorldRayDirectionEXT, lod).rgb;
    payload.done = true;
}
