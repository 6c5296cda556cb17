#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
#include "../include/common.glsl"
// Equirectangular HDR environment with a rotation and an intensity, with the first bounce's
// direct view optionally replaced by a backdrop colour.
layout(set = 2, binding = 0) uniform sampler2D hdrEnvironment;
layout(push_constant) uniform Env { float rotation; float intensity; uint hideBackground; float pad; vec4 backdrop; } env;
layout(location = 0) rayPayloadInEXT HitPayload payload;
void main() {
    vec3 d = normalize(gl_WorldRayDirectionEXT);
    float phi = atan(d.z, d.x) + env.rotation;
    vec2 uv = vec2(fract(phi / TWO_PI + 0.5), acos(clamp(d.y, -1.0, 1.0)) / PI);
    vec3 c = textureLod(hdrEnvironment, uv, 0.0).rgb * env.intensity;
    if (payload.depth == 0u && env.hideBackground != 0u) c = env.backdrop.rgb;
    payload.radiance += payload.throughput * c;
    payload.done = true;
}
