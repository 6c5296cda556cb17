// Tessellation level selection shared by the control shaders: screen-space edge length,
// distance falloff, and a frustum test so invisible patches get level 0 (culled).
#ifndef TESS_LOD_GLSL
#define TESS_LOD_GLSL
#include "camera.glsl"

// Level for an edge so that each segment covers about `pixelsPerSegment` pixels.
float edgeTessLevel(vec3 a, vec3 b, float pixelsPerSegment, float maxLevel) {
    vec3 mid = 0.5 * (a + b);
    float radius = 0.5 * distance(a, b);
    vec4 clip = camera.viewProj * vec4(mid, 1.0);
    float projected = radius * camera.proj[1][1] / max(clip.w, 1e-3) * camera.viewport.y;
    return clamp(projected / pixelsPerSegment, 1.0, maxLevel);
}

float distanceTessLevel(vec3 p, float nearDist, float farDist, float maxLevel) {
    float t = clamp((distance(p, camera.position.xyz) - nearDist) / (farDist - nearDist), 0.0, 1.0);
    return mix(maxLevel, 1.0, t);
}

bool boxVisible(vec3 mn, vec3 mx) {
    for (int i = 0; i < 6; ++i) {
        vec4 pl = camera.frustum[i];
        vec3 positive = mix(mn, mx, greaterThanEqual(pl.xyz, vec3(0.0)));
        if (dot(pl.xyz, positive) + pl.w < 0.0) return false;
    }
    return true;
}

#endif
