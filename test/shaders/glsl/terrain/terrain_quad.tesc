#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/tess_lod.glsl"
#include "../include/terrain.glsl"

// Quad patches of the terrain grid; edge levels depend only on the edge, so neighbours agree.
layout(vertices = 4) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outPosition[];

void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec3 p0 = inPosition[0], p1 = inPosition[1], p2 = inPosition[2], p3 = inPosition[3];
        vec3 mn = min(min(p0, p1), min(p2, p3)) - vec3(0.0, 0.0, 0.0);
        vec3 mx = max(max(p0, p1), max(p2, p3)) + vec3(0.0, terrain.heightScale + terrain.worldOrigin.y, 0.0);
        mn.y = terrain.worldOrigin.y;
        if (!boxVisible(mn, mx)) {
            gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = 0.0;
            gl_TessLevelInner[0] = gl_TessLevelInner[1] = 0.0;
            return;
        }
        float ppx = terrain.tessFactor;
        gl_TessLevelOuter[0] = edgeTessLevel(p3, p0, ppx, terrain.maxTess);
        gl_TessLevelOuter[1] = edgeTessLevel(p0, p1, ppx, terrain.maxTess);
        gl_TessLevelOuter[2] = edgeTessLevel(p1, p2, ppx, terrain.maxTess);
        gl_TessLevelOuter[3] = edgeTessLevel(p2, p3, ppx, terrain.maxTess);
        gl_TessLevelInner[0] = max(gl_TessLevelOuter[1], gl_TessLevelOuter[3]);
        gl_TessLevelInner[1] = max(gl_TessLevelOuter[0], gl_TessLevelOuter[2]);
    }
}
