#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
// Miss: procedural sky with a sun disk and an environment map lookup.
#include "include/rt_common.glsl"

layout(set = 0, binding = 4) uniform samplerCube skyBox;
layout(set = 0, binding = 5, std140) uniform Sky {
    vec4 sunDirSize;
    vec4 sunColor;
    vec4 horizon;
    vec4 zenith;
} sky;

layout(location = 0) rayPayloadInEXT HitPayload payload;

vec3 skyColor(vec3 dir) {
    float h = clamp(dir.y, 0.0, 1.0);
    vec3 base = mix(sky.horizon.rgb, sky.zenith.rgb, pow(h, 0.5));
    float sun = smoothstep(cos(sky.sunDirSize.w), 1.0, dot(dir, normalize(sky.sunDirSize.xyz)));
    return base + sun * sky.sunColor.rgb + texture(skyBox, dir).rgb * 0.1;
}

void main() {
    payload.radiance += payload.throughput * skyColor(normalize(gl_WorldRayDirectionEXT));
    payload.done = true;
}
