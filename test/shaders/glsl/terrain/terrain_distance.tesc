#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/tess_lod.glsl"

// Simpler variant for low-end settings: levels by distance only, one per patch corner
// averaged per edge (still crack-free, since an edge's two corners are shared).
layout(vertices = 4) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outPosition[];
layout(push_constant) uniform Lod { float nearDist; float farDist; float maxLevel; } lod;

void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    barrier();
    if (gl_InvocationID == 0) {
        float l[4];
        for (int i = 0; i < 4; ++i) l[i] = distanceTessLevel(inPosition[i], lod.nearDist, lod.farDist, lod.maxLevel);
        gl_TessLevelOuter[0] = 0.5 * (l[3] + l[0]);
        gl_TessLevelOuter[1] = 0.5 * (l[0] + l[1]);
        gl_TessLevelOuter[2] = 0.5 * (l[1] + l[2]);
        gl_TessLevelOuter[3] = 0.5 * (l[2] + l[3]);
        gl_TessLevelInner[0] = 0.5 * (gl_TessLevelOuter[1] + gl_TessLevelOuter[3]);
        gl_TessLevelInner[1] = 0.5 * (gl_TessLevelOuter[0] + gl_TessLevelOuter[2]);
    }
}
