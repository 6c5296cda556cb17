#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Blade as a quadratic Bezier (Jahrmann & Wimmer 2017), narrowing to the tip.
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec4 inPoint[];
layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;
void main() {
    float u = gl_TessCoord.x, v = gl_TessCoord.y;
    vec3 v0 = inPoint[0].xyz, v1 = inPoint[1].xyz, v2 = inPoint[2].xyz;
    vec3 a = mix(v0, v1, v), b = mix(v1, v2, v);
    vec3 c = mix(a, b, v);
    vec3 tangent = normalize(b - a);
    vec3 side = normalize(cross(tangent, vec3(0.0, 0.0, 1.0)) + vec3(1e-5, 0.0, 0.0));
    float width = inPoint[0].w * (1.0 - v);
    vec3 p = c + side * (u - 0.5) * width;
    outNormal = normalize(cross(side, tangent));
    outUv = vec2(u, v);
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
