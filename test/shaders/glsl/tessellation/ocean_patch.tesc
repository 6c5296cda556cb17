#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/tess_lod.glsl"
layout(vertices = 4) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outPosition[];
layout(push_constant) uniform Ocean { float pixelsPerEdge; float maxLevel; float maxWaveHeight; } ocean;
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec3 mn = min(min(inPosition[0], inPosition[1]), min(inPosition[2], inPosition[3])) - vec3(0.0, ocean.maxWaveHeight, 0.0);
        vec3 mx = max(max(inPosition[0], inPosition[1]), max(inPosition[2], inPosition[3])) + vec3(0.0, ocean.maxWaveHeight, 0.0);
        bool visible = boxVisible(mn, mx);
        for (int e = 0; e < 4; ++e) {
            vec3 a = inPosition[(e + 3) % 4], b = inPosition[e];
            gl_TessLevelOuter[e] = visible ? edgeTessLevel(a, b, ocean.pixelsPerEdge, ocean.maxLevel) : 0.0;
        }
        gl_TessLevelInner[0] = max(gl_TessLevelOuter[1], gl_TessLevelOuter[3]);
        gl_TessLevelInner[1] = max(gl_TessLevelOuter[0], gl_TessLevelOuter[2]);
    }
}
