#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
layout(triangles, fractional_even_spacing, cw) in;

struct PnPatch {
    vec3 b210, b120, b021, b012, b102, b201, b111;
    vec3 n110, n011, n101;
};

layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 2) in vec2 inUv[];
layout(location = 3) patch in PnPatch pn;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;

void main() {
    float u = gl_TessCoord.x, v = gl_TessCoord.y, w = gl_TessCoord.z;
    float u2 = u * u, v2 = v * v, w2 = w * w;
    vec3 p = inPosition[0] * w2 * w + inPosition[1] * u2 * u + inPosition[2] * v2 * v
           + pn.b210 * 3.0 * w2 * u + pn.b120 * 3.0 * w * u2 + pn.b201 * 3.0 * w2 * v
           + pn.b021 * 3.0 * u2 * v + pn.b102 * 3.0 * w * v2 + pn.b012 * 3.0 * u * v2
           + pn.b111 * 6.0 * w * u * v;
    vec3 n = inNormal[0] * w2 + inNormal[1] * u2 + inNormal[2] * v2
           + pn.n110 * w * u + pn.n011 * u * v + pn.n101 * w * v;
    outNormal = normalize(n);
    outUv = inUv[0] * w + inUv[1] * u + inUv[2] * v;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
