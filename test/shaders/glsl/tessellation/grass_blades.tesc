#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Each patch is one blade (base, bend, tip); near blades get more segments.
layout(vertices = 3) out;
layout(location = 0) in vec4 inPoint[]; // w: width
layout(location = 0) out vec4 outPoint[];
void main() {
    outPoint[gl_InvocationID] = inPoint[gl_InvocationID];
    if (gl_InvocationID == 0) {
        float d = distance(inPoint[0].xyz, camera.position.xyz);
        float segments = d < 5.0 ? 7.0 : (d < 20.0 ? 4.0 : 2.0);
        gl_TessLevelInner[0] = segments;
        gl_TessLevelInner[1] = 1.0;
        gl_TessLevelOuter[0] = segments;
        gl_TessLevelOuter[1] = 1.0;
        gl_TessLevelOuter[2] = segments;
        gl_TessLevelOuter[3] = 1.0;
    }
}
