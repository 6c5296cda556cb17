#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/tess_lod.glsl"
// Phong tessellation: cheap smoothing of silhouettes; levels from the projected edge length.
layout(vertices = 3) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 0) out vec3 outPosition[];
layout(location = 1) out vec3 outNormal[];
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    outNormal[gl_InvocationID] = inNormal[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = edgeTessLevel(inPosition[1], inPosition[2], 12.0, 16.0);
        gl_TessLevelOuter[1] = edgeTessLevel(inPosition[2], inPosition[0], 12.0, 16.0);
        gl_TessLevelOuter[2] = edgeTessLevel(inPosition[0], inPosition[1], 12.0, 16.0);
        gl_TessLevelInner[0] = max(gl_TessLevelOuter[0], max(gl_TessLevelOuter[1], gl_TessLevelOuter[2]));
    }
}
