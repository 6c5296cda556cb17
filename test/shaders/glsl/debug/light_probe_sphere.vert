#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Small spheres placed at every irradiance probe to inspect the probe grid.
layout(set = 1, binding = 0, std140) uniform ProbeGrid {
    vec4 origin;
    vec4 spacing;
    ivec4 counts;
} grid;

layout(location = 0) in vec3 inPosition;
layout(location = 0) out vec3 outNormal;
layout(location = 1) flat out int outProbe;

void main() {
    int i = gl_InstanceIndex;
    ivec3 cell = ivec3(i % grid.counts.x, (i / grid.counts.x) % grid.counts.y, i / (grid.counts.x * grid.counts.y));
    vec3 center = grid.origin.xyz + vec3(cell) * grid.spacing.xyz;
    outNormal = inPosition;
    outProbe = i;
    gl_Position = camera.viewProj * vec4(center + inPosition * grid.spacing.w, 1.0);
}
