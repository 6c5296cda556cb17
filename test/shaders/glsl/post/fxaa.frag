#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"

// FXAA 3.11-style console quality: edge detection on luma, a short search along the edge,
// then a sub-pixel blend.
layout(set = 0, binding = 0) uniform sampler2D ldrColor;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

const float EDGE_THRESHOLD_MIN = 0.0312;
const float EDGE_THRESHOLD_MAX = 0.125;
const float SUBPIXEL_QUALITY = 0.75;
const int ITERATIONS = 12;
const float QUALITY[12] = float[](1.0, 1.0, 1.0, 1.0, 1.0, 1.5, 2.0, 2.0, 2.0, 2.0, 4.0, 8.0);

float lumaAt(vec2 uv) { return luminance(texture(ldrColor, uv).rgb); }

void main() {
    vec2 texel = 1.0 / vec2(textureSize(ldrColor, 0));
    vec3 center = texture(ldrColor, inUv).rgb;
    float lC = luminance(center);
    float lD = lumaAt(inUv + vec2(0, -1) * texel);
    float lU = lumaAt(inUv + vec2(0, 1) * texel);
    float lL = lumaAt(inUv + vec2(-1, 0) * texel);
    float lR = lumaAt(inUv + vec2(1, 0) * texel);
    float lMin = min(lC, min(min(lD, lU), min(lL, lR)));
    float lMax = max(lC, max(max(lD, lU), max(lL, lR)));
    float range = lMax - lMin;
    if (range < max(EDGE_THRESHOLD_MIN, lMax * EDGE_THRESHOLD_MAX)) {
        outColor = vec4(center, 1.0);
        return;
    }
    float lDL = lumaAt(inUv + vec2(-1, -1) * texel);
    float lUR = lumaAt(inUv + vec2(1, 1) * texel);
    float lUL = lumaAt(inUv + vec2(-1, 1) * texel);
    float lDR = lumaAt(inUv + vec2(1, -1) * texel);
    float lDU = lD + lU, lLR = lL + lR;
    float lLeftCorners = lDL + lUL, lDownCorners = lDL + lDR, lRightCorners = lDR + lUR, lUpCorners = lUR + lUL;
    float edgeH = abs(-2.0 * lL + lLeftCorners) + abs(-2.0 * lC + lDU) * 2.0 + abs(-2.0 * lR + lRightCorners);
    float edgeV = abs(-2.0 * lU + lUpCorners) + abs(-2.0 * lC + lLR) * 2.0 + abs(-2.0 * lD + lDownCorners);
    bool horizontal = edgeH >= edgeV;
    float l1 = horizontal ? lD : lL;
    float l2 = horizontal ? lU : lR;
    float g1 = l1 - lC, g2 = l2 - lC;
    bool steepest1 = abs(g1) >= abs(g2);
    float gScaled = 0.25 * max(abs(g1), abs(g2));
    float stepLength = horizontal ? texel.y : texel.x;
    float lLocal;
    if (steepest1) { stepLength = -stepLength; lLocal = 0.5 * (l1 + lC); } else { lLocal = 0.5 * (l2 + lC); }
    vec2 uv = inUv;
    if (horizontal) uv.y += stepLength * 0.5; else uv.x += stepLength * 0.5;
    vec2 offset = horizontal ? vec2(texel.x, 0.0) : vec2(0.0, texel.y);
    vec2 uv1 = uv - offset, uv2 = uv + offset;
    float e1 = lumaAt(uv1) - lLocal, e2 = lumaAt(uv2) - lLocal;
    bool done1 = abs(e1) >= gScaled, done2 = abs(e2) >= gScaled;
    for (int i = 2; i < ITERATIONS && !(done1 && done2); ++i) {
        if (!done1) { uv1 -= offset * QUALITY[i]; e1 = lumaAt(uv1) - lLocal; done1 = abs(e1) >= gScaled; }
        if (!done2) { uv2 += offset * QUALITY[i]; e2 = lumaAt(uv2) - lLocal; done2 = abs(e2) >= gScaled; }
    }
    float d1 = horizontal ? inUv.x - uv1.x : inUv.y - uv1.y;
    float d2 = horizontal ? uv2.x - inUv.x : uv2.y - inUv.y;
    bool closer1 = d1 < d2;
    float dMin = min(d1, d2);
    bool correctVariation = ((closer1 ? e1 : e2) < 0.0) != (lC < lLocal);
    float pixelOffset = correctVariation ? -dMin / (d1 + d2) + 0.5 : 0.0;
    float lAverage = (1.0 / 12.0) * (2.0 * (lDU + lLR) + lLeftCorners + lRightCorners);
    float sub = saturate(abs(lAverage - lC) / range);
    sub = (-2.0 * sub + 3.0) * sub * sub;
    pixelOffset = max(pixelOffset, sub * sub * SUBPIXEL_QUALITY);
    vec2 finalUv = inUv;
    if (horizontal) finalUv.y += pixelOffset * stepLength; else finalUv.x += pixelOffset * stepLength;
    outColor = vec4(texture(ldrColor, finalUv).rgb, 1.0);
}
