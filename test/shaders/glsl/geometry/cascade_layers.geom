#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/shadow.glsl"
// Cascaded shadow maps in one pass: one invocation per cascade, each writing its array layer.
layout(triangles, invocations = SHADOW_CASCADES) in;
layout(triangle_strip, max_vertices = 3) out;
layout(set = 0, binding = 0, std140) uniform Cascades { mat4 viewProj[SHADOW_CASCADES]; } cascades;
layout(location = 0) in vec3 inWorldPos[];
void main() {
    for (int i = 0; i < 3; ++i) {
        gl_Layer = gl_InvocationID;
        gl_Position = cascades.viewProj[gl_InvocationID] * vec4(inWorldPos[i], 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
