#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"
#include "../include/common.glsl"

layout(set = 0, binding = 0) uniform sampler2D currentColor;
layout(set = 0, binding = 1) uniform sampler2D historyColor;
layout(set = 0, binding = 2) uniform sampler2D velocityTexture;
layout(set = 0, binding = 3) uniform sampler2D depthTexture;

layout(push_constant) uniform Taa { float feedbackMin; float feedbackMax; } taa;

layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

// Clip towards the centre of the neighbourhood's YCoCg box rather than clamping per channel.
vec3 clipAabb(vec3 boxMin, vec3 boxMax, vec3 history) {
    vec3 center = 0.5 * (boxMax + boxMin);
    vec3 extent = 0.5 * (boxMax - boxMin) + 1e-4;
    vec3 v = history - center;
    vec3 units = abs(v / extent);
    float m = max(units.x, max(units.y, units.z));
    return m > 1.0 ? center + v / m : history;
}

void main() {
    vec2 texel = 1.0 / vec2(textureSize(currentColor, 0));
    // Velocity of the closest depth in the 3x3 neighbourhood keeps edges from ghosting.
    float closest = 1.0;
    vec2 closestUv = inUv;
    vec3 m1 = vec3(0.0), m2 = vec3(0.0);
    for (int y = -1; y <= 1; ++y) {
        for (int x = -1; x <= 1; ++x) {
            vec2 uv = inUv + vec2(x, y) * texel;
            float d = texture(depthTexture, uv).r;
            if (d < closest) { closest = d; closestUv = uv; }
            vec3 c = rgbToYCoCg(texture(currentColor, uv).rgb);
            m1 += c;
            m2 += c * c;
        }
    }
    vec3 mean = m1 / 9.0;
    vec3 sigma = sqrt(max(m2 / 9.0 - mean * mean, 0.0));
    vec2 velocity = texture(velocityTexture, closestUv).xy;
    vec2 prevUv = inUv - velocity;
    vec3 current = rgbToYCoCg(texture(currentColor, inUv).rgb);
    vec3 history = rgbToYCoCg(texture(historyColor, prevUv).rgb);
    history = clipAabb(mean - sigma * 1.25, mean + sigma * 1.25, history);
    float lumDiff = abs(current.x - history.x) / max(current.x, max(history.x, 0.2));
    float feedback = mix(taa.feedbackMax, taa.feedbackMin, lumDiff * lumDiff);
    if (any(lessThan(prevUv, vec2(0.0))) || any(greaterThan(prevUv, vec2(1.0)))) feedback = 0.0;
    outColor = vec4(yCoCgToRgb(mix(current, history, feedback)), 1.0);
}
