#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"

// 13-tap downsample (Jimenez, "Next Generation Post Processing in Call of Duty", 2014).
layout(set = 0, binding = 0) uniform sampler2D srcTexture;
layout(push_constant) uniform Level { vec2 srcTexelSize; uint firstLevel; } level;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec3 outColor;

// Karis average on the first level keeps single bright pixels from flickering.
float karisWeight(vec3 c) { return 1.0 / (1.0 + luminance(c)); }

void main() {
    vec2 t = level.srcTexelSize;
    vec3 a = texture(srcTexture, inUv + t * vec2(-2, 2)).rgb;
    vec3 b = texture(srcTexture, inUv + t * vec2(0, 2)).rgb;
    vec3 c = texture(srcTexture, inUv + t * vec2(2, 2)).rgb;
    vec3 d = texture(srcTexture, inUv + t * vec2(-2, 0)).rgb;
    vec3 e = texture(srcTexture, inUv).rgb;
    vec3 f = texture(srcTexture, inUv + t * vec2(2, 0)).rgb;
    vec3 g = texture(srcTexture, inUv + t * vec2(-2, -2)).rgb;
    vec3 h = texture(srcTexture, inUv + t * vec2(0, -2)).rgb;
    vec3 i = texture(srcTexture, inUv + t * vec2(2, -2)).rgb;
    vec3 j = texture(srcTexture, inUv + t * vec2(-1, 1)).rgb;
    vec3 k = texture(srcTexture, inUv + t * vec2(1, 1)).rgb;
    vec3 l = texture(srcTexture, inUv + t * vec2(-1, -1)).rgb;
    vec3 m = texture(srcTexture, inUv + t * vec2(1, -1)).rgb;
    if (level.firstLevel != 0u) {
        vec3 g0 = (a + b + d + e) * 0.25, g1 = (b + c + e + f) * 0.25;
        vec3 g2 = (d + e + g + h) * 0.25, g3 = (e + f + h + i) * 0.25, g4 = (j + k + l + m) * 0.25;
        float w0 = karisWeight(g0), w1 = karisWeight(g1), w2 = karisWeight(g2), w3 = karisWeight(g3), w4 = karisWeight(g4);
        outColor = (g0 * w0 + g1 * w1 + g2 * w2 + g3 * w3 + g4 * w4) / (w0 + w1 + w2 + w3 + w4);
    } else {
        outColor = e * 0.125 + (a + c + g + i) * 0.03125 + (b + d + f + h) * 0.0625 + (j + k + l + m) * 0.125;
    }
}
