#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/terrain.glsl"

layout(quads, fractional_odd_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec2 outUv;

void main() {
    vec3 a = mix(inPosition[0], inPosition[1], gl_TessCoord.x);
    vec3 b = mix(inPosition[3], inPosition[2], gl_TessCoord.x);
    vec3 p = mix(a, b, gl_TessCoord.y);
    vec2 uv = terrainUv(p);
    p.y = terrainHeight(uv);
    outWorldPos = p;
    outUv = uv;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
