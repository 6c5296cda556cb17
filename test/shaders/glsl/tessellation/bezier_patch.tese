#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;

vec4 bernstein(float t) {
    float s = 1.0 - t;
    return vec4(s * s * s, 3.0 * t * s * s, 3.0 * t * t * s, t * t * t);
}

vec4 bernsteinDerivative(float t) {
    float s = 1.0 - t;
    return vec4(-3.0 * s * s, 3.0 * s * s - 6.0 * t * s, 6.0 * t * s - 3.0 * t * t, 3.0 * t * t);
}

void main() {
    float u = gl_TessCoord.x, v = gl_TessCoord.y;
    vec4 bu = bernstein(u), bv = bernstein(v);
    vec4 du = bernsteinDerivative(u), dv = bernsteinDerivative(v);
    vec3 p = vec3(0.0), tu = vec3(0.0), tv = vec3(0.0);
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            vec3 cp = inPosition[j * 4 + i];
            p += cp * bu[i] * bv[j];
            tu += cp * du[i] * bv[j];
            tv += cp * bu[i] * dv[j];
        }
    }
    vec3 n = cross(tu, tv);
    outNormal = length(n) > 1e-6 ? normalize(n) : vec3(0.0, 1.0, 0.0); // degenerate at the teapot's lid apex
    outUv = vec2(u, v);
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
