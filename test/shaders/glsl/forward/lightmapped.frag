#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"

layout(location = 0) in vec2 inUv;
layout(location = 1) in vec2 inLightmapUv;

layout(set = 1, binding = 0) uniform sampler2D albedo;
// RGBM-encoded lightmap: rgb * a * range.
layout(set = 1, binding = 1) uniform sampler2D lightmap;
layout(constant_id = 0) const float RGBM_RANGE = 6.0;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 lm = texture(lightmap, inLightmapUv);
    vec3 irradiance = lm.rgb * lm.a * RGBM_RANGE;
    outColor = vec4(srgbToLinear(texture(albedo, inUv).rgb) * irradiance, 1.0);
}
