#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Receiver side of exponential variance shadow maps, with light-bleeding reduction.
layout(set = 1, binding = 0) uniform sampler2D evsmMap;
layout(set = 1, binding = 1, std140) uniform Light { mat4 viewProj; vec2 exponents; float bleedReduction; float pad; } light;
layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(location = 0) out vec4 outColor;

float chebyshev(vec2 moments, float mean, float minVariance) {
    float variance = max(moments.y - moments.x * moments.x, minVariance);
    float d = mean - moments.x;
    float pMax = variance / (variance + d * d);
    pMax = clamp((pMax - light.bleedReduction) / (1.0 - light.bleedReduction), 0.0, 1.0);
    return mean <= moments.x ? 1.0 : pMax;
}

void main() {
    vec4 ls = light.viewProj * vec4(inWorldPos, 1.0);
    vec3 uvz = ls.xyz / ls.w;
    vec4 m = texture(evsmMap, uvz.xy * 0.5 + 0.5);
    float depth = uvz.z * 2.0 - 1.0;
    float pos = exp(light.exponents.x * depth);
    float neg = -exp(-light.exponents.y * depth);
    float shadow = min(chebyshev(m.xy, pos, 1e-4), chebyshev(m.zw, neg, 1e-4));
    outColor = vec4(vec3(shadow) * max(dot(normalize(inNormal), vec3(0, 1, 0)), 0.0), 1.0);
}
