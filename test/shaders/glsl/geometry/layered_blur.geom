#version 450
// Blurs every layer of a texture array in one draw: the fullscreen triangle is replicated per layer.
layout(triangles, invocations = 4) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec2 inUv[];
layout(location = 0) out vec3 outUvLayer;
void main() {
    for (int i = 0; i < 3; ++i) {
        gl_Layer = gl_InvocationID;
        outUvLayer = vec3(inUv[i], float(gl_InvocationID));
        gl_Position = gl_in[i].gl_Position;
        EmitVertex();
    }
    EndPrimitive();
}
