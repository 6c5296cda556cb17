#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"

layout(set = 0, binding = 0) uniform sampler2D src;
layout(set = 0, binding = 1) uniform sampler2D depthTexture;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

const mat3 SOBEL_X = mat3(-1, -2, -1, 0, 0, 0, 1, 2, 1);

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    float gx = 0.0, gy = 0.0, dx = 0.0, dy = 0.0;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            ivec2 q = p + ivec2(i - 1, j - 1);
            float l = luminance(texelFetch(src, q, 0).rgb);
            float d = texelFetch(depthTexture, q, 0).r;
            gx += SOBEL_X[i][j] * l;
            gy += SOBEL_X[j][i] * l;
            dx += SOBEL_X[i][j] * d;
            dy += SOBEL_X[j][i] * d;
        }
    }
    float edge = max(length(vec2(gx, gy)), length(vec2(dx, dy)) * 100.0);
    outColor = vec4(texelFetch(src, p, 0).rgb * (1.0 - step(0.3, edge)), 1.0);
}
