#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"

// Gather bokeh on a golden-angle spiral; samples only count if their own CoC reaches this pixel.
layout(set = 0, binding = 0) uniform sampler2D colorTexture;
layout(set = 0, binding = 1) uniform sampler2D cocTexture;
layout(constant_id = 0) const int SAMPLE_COUNT = 48;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

const float GOLDEN_ANGLE = 2.39996323;

void main() {
    vec2 texel = 1.0 / vec2(textureSize(colorTexture, 0));
    float centerCoc = abs(texture(cocTexture, inUv).r);
    vec3 sum = texture(colorTexture, inUv).rgb;
    float weight = 1.0;
    float radiusScale = 0.5;
    float angle = 0.0;
    for (int i = 1; i < SAMPLE_COUNT; ++i) {
        angle += GOLDEN_ANGLE;
        float r = sqrt(float(i) / float(SAMPLE_COUNT)) * centerCoc;
        vec2 uv = inUv + vec2(cos(angle), sin(angle)) * r * texel;
        float sampleCoc = abs(texture(cocTexture, uv).r);
        float w = smoothstep(r - radiusScale, r + radiusScale, sampleCoc);
        sum += texture(colorTexture, uv).rgb * w;
        weight += w;
    }
    outColor = vec4(sum / weight, 1.0);
}
