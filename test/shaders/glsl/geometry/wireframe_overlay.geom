#version 450
// Single-pass wireframe (NVIDIA whitepaper, 2007): each vertex gets its distance to the opposite
// edge in pixels, so the fragment stage draws edges of constant width.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(push_constant) uniform Viewport { vec2 size; } viewport;
layout(location = 0) in vec3 inNormal[];
layout(location = 0) out vec3 outNormal;
layout(location = 1) noperspective out vec3 outEdgeDistance;
void main() {
    vec2 p[3];
    for (int i = 0; i < 3; ++i) p[i] = gl_in[i].gl_Position.xy / gl_in[i].gl_Position.w * viewport.size * 0.5;
    float area = abs((p[1].x - p[0].x) * (p[2].y - p[0].y) - (p[2].x - p[0].x) * (p[1].y - p[0].y));
    float h[3] = float[](area / length(p[2] - p[1]), area / length(p[2] - p[0]), area / length(p[1] - p[0]));
    for (int i = 0; i < 3; ++i) {
        outNormal = inNormal[i];
        outEdgeDistance = vec3(0.0);
        outEdgeDistance[i] = h[i];
        gl_Position = gl_in[i].gl_Position;
        EmitVertex();
    }
    EndPrimitive();
}
