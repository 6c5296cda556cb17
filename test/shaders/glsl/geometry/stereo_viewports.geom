#version 450
#extension GL_ARB_viewport_array : require
// Stereo before multiview: each triangle sent to both eyes' viewports.
layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 3) out;
layout(set = 0, binding = 0, std140) uniform Eyes { mat4 viewProj[2]; } eyes;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 1) in vec3 inNormal[];
layout(location = 0) out vec3 outNormal;
void main() {
    for (int i = 0; i < 3; ++i) {
        gl_ViewportIndex = gl_InvocationID;
        outNormal = inNormal[i];
        gl_Position = eyes.viewProj[gl_InvocationID] * vec4(inWorldPos[i], 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
