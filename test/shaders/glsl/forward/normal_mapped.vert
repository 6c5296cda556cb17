#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec2 inUv;

layout(push_constant) uniform Draw { mat4 model; } draw;

layout(location = 0) out VertexOut {
    vec3 worldPos;
    vec2 uv;
    mat3 tbn;
} vout;

void main() {
    vec3 n = normalize(mat3(draw.model) * inNormal);
    vec3 t = normalize(mat3(draw.model) * inTangent.xyz);
    t = normalize(t - dot(t, n) * n); // re-orthogonalise after interpolation-friendly transform
    vec3 b = cross(n, t) * inTangent.w;
    vec4 world = draw.model * vec4(inPosition, 1.0);
    vout.worldPos = world.xyz;
    vout.uv = inUv;
    vout.tbn = mat3(t, b, n);
    gl_Position = camera.viewProj * world;
}
