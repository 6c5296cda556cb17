#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
#include "../include/common.glsl"
// Sky from a precomputed transmittance/scattering LUT (parametrised by view zenith and sun angle),
// plus the sun disk for camera rays only.
layout(set = 2, binding = 0) uniform sampler2D skyViewLut;
layout(push_constant) uniform Sun { vec4 direction; vec4 radiance; float angularRadius; } sun;
layout(location = 0) rayPayloadInEXT HitPayload payload;
void main() {
    vec3 d = normalize(gl_WorldRayDirectionEXT);
    vec3 s = normalize(sun.direction.xyz);
    float azimuth = atan(d.z, d.x) - atan(s.z, s.x);
    vec2 uv = vec2(fract(azimuth / TWO_PI), 0.5 + 0.5 * sign(d.y) * sqrt(abs(d.y)));
    vec3 sky = textureLod(skyViewLut, uv, 0.0).rgb;
    if (payload.depth == 0u && dot(d, s) > cos(sun.angularRadius)) sky += sun.radiance.rgb;
    payload.radiance += payload.throughput * sky;
    payload.done = true;
}
