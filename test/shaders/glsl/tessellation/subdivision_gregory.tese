#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
layout(quads, fractional_odd_spacing, ccw) in;
layout(location = 0) in vec3 inBezier[];
layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec3 outWorldPos;
void main() {
    vec2 t = gl_TessCoord.xy;
    vec2 s = 1.0 - t;
    vec4 bu = vec4(s.x * s.x * s.x, 3.0 * t.x * s.x * s.x, 3.0 * t.x * t.x * s.x, t.x * t.x * t.x);
    vec4 bv = vec4(s.y * s.y * s.y, 3.0 * t.y * s.y * s.y, 3.0 * t.y * t.y * s.y, t.y * t.y * t.y);
    vec4 du = vec4(-3.0 * s.x * s.x, 3.0 * s.x * (s.x - 2.0 * t.x), 3.0 * t.x * (2.0 * s.x - t.x), 3.0 * t.x * t.x);
    vec4 dv = vec4(-3.0 * s.y * s.y, 3.0 * s.y * (s.y - 2.0 * t.y), 3.0 * t.y * (2.0 * s.y - t.y), 3.0 * t.y * t.y);
    vec3 p = vec3(0.0), pu = vec3(0.0), pv = vec3(0.0);
    for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 4; ++i) {
            vec3 c = inBezier[j * 4 + i];
            p += bu[i] * bv[j] * c;
            pu += du[i] * bv[j] * c;
            pv += bu[i] * dv[j] * c;
        }
    outNormal = normalize(cross(pu, pv));
    outWorldPos = p;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
