#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/terrain.glsl"
// The shadow pass reuses the terrain control shader; only the projection differs.
layout(quads, fractional_odd_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(push_constant) uniform Shadow { mat4 lightViewProj; } shadow;
void main() {
    vec3 p = mix(mix(inPosition[0], inPosition[1], gl_TessCoord.x), mix(inPosition[3], inPosition[2], gl_TessCoord.x), gl_TessCoord.y);
    p.y = terrainHeight(terrainUv(p));
    gl_Position = shadow.lightViewProj * vec4(p, 1.0);
}
