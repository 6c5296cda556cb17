#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/terrain.glsl"
layout(quads, equal_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec2 outUv;
void main() {
    vec3 p = mix(mix(inPosition[0], inPosition[1], gl_TessCoord.x), mix(inPosition[3], inPosition[2], gl_TessCoord.x), gl_TessCoord.y);
    outUv = terrainUv(p);
    p.y = terrainHeight(outUv);
    outWorldPos = p;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
