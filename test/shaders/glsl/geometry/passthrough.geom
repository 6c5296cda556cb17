#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec2 inUv[];
layout(location = 0) out vec2 outUv;
void main() {
    for (int i = 0; i < 3; ++i) {
        outUv = inUv[i];
        gl_Position = gl_in[i].gl_Position;
        EmitVertex();
    }
    EndPrimitive();
}
