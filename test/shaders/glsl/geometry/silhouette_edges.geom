#version 450
// Toon outlines: emit a screen-space quad for each silhouette edge (front face next to a back face).
layout(triangles_adjacency) in;
layout(triangle_strip, max_vertices = 12) out;
layout(push_constant) uniform Outline { vec2 viewport; float width; } outline;

vec2 screen(int i) { return gl_in[i].gl_Position.xy / gl_in[i].gl_Position.w; }
bool front(vec2 a, vec2 b, vec2 c) { return (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y) > 0.0; }

void emitEdge(int ia, int ib) {
    vec4 a = gl_in[ia].gl_Position, b = gl_in[ib].gl_Position;
    vec2 d = normalize((b.xy / b.w - a.xy / a.w) * outline.viewport);
    vec2 n = vec2(-d.y, d.x) * outline.width / outline.viewport;
    gl_Position = vec4(a.xy - n * a.w, a.zw); EmitVertex();
    gl_Position = vec4(a.xy + n * a.w, a.zw); EmitVertex();
    gl_Position = vec4(b.xy - n * b.w, b.zw); EmitVertex();
    gl_Position = vec4(b.xy + n * b.w, b.zw); EmitVertex();
    EndPrimitive();
}

void main() {
    vec2 p0 = screen(0), p1 = screen(1), p2 = screen(2), p3 = screen(3), p4 = screen(4), p5 = screen(5);
    if (!front(p0, p2, p4)) return;
    if (!front(p0, p1, p2)) emitEdge(0, 2);
    if (!front(p2, p3, p4)) emitEdge(2, 4);
    if (!front(p4, p5, p0)) emitEdge(4, 0);
}
