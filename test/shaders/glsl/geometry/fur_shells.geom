#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Fur by shells: each triangle is repeated SHELLS times, offset along the normal.
layout(constant_id = 0) const int SHELLS = 8;
layout(triangles, invocations = 8) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 1) in vec3 inNormal[];
layout(location = 2) in vec2 inUv[];
layout(push_constant) uniform Fur { vec4 gravity; float furLength; } fur;
layout(location = 0) out vec2 outUv;
layout(location = 1) out float outShell;
void main() {
    if (gl_InvocationID >= SHELLS) return;
    float t = float(gl_InvocationID + 1) / float(SHELLS);
    for (int i = 0; i < 3; ++i) {
        vec3 p = inWorldPos[i] + normalize(inNormal[i]) * fur.furLength * t + fur.gravity.xyz * t * t;
        outUv = inUv[i];
        outShell = t;
        gl_Position = camera.viewProj * vec4(p, 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
