#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/common.glsl"
layout(quads, equal_spacing, cw) in;
layout(location = 0) in vec4 inPoint[];
layout(location = 0) out vec3 outNormal;
void main() {
    float t = gl_TessCoord.y;
    float angle = gl_TessCoord.x * TWO_PI;
    float s = 1.0 - t;
    vec4 p = s * s * s * inPoint[0] + 3.0 * s * s * t * inPoint[1] + 3.0 * s * t * t * inPoint[2] + t * t * t * inPoint[3];
    vec3 d = normalize(3.0 * s * s * (inPoint[1].xyz - inPoint[0].xyz) + 6.0 * s * t * (inPoint[2].xyz - inPoint[1].xyz) + 3.0 * t * t * (inPoint[3].xyz - inPoint[2].xyz) + 1e-6);
    vec3 tangent, bitangent;
    basisFromNormal(d, tangent, bitangent);
    vec3 n = cos(angle) * tangent + sin(angle) * bitangent;
    outNormal = n;
    gl_Position = camera.viewProj * vec4(p.xyz + n * p.w, 1.0);
}
