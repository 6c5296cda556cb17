#version 450
// Thick anti-aliased lines: each segment becomes a screen-aligned quad, with the distance to
// the centre line for the fragment stage's coverage.
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;
layout(push_constant) uniform Line { vec2 viewport; float width; } line;
layout(location = 0) in vec4 inColor[];
layout(location = 0) out vec4 outColor;
layout(location = 1) noperspective out float outDistance;
void main() {
    vec4 a = gl_in[0].gl_Position, b = gl_in[1].gl_Position;
    vec2 sa = a.xy / a.w * line.viewport, sb = b.xy / b.w * line.viewport;
    vec2 n = normalize(vec2(sa.y - sb.y, sb.x - sa.x)) * (line.width + 1.0) / line.viewport;
    outColor = inColor[0]; outDistance = -1.0; gl_Position = vec4(a.xy - n * a.w, a.zw); EmitVertex();
    outColor = inColor[0]; outDistance = 1.0; gl_Position = vec4(a.xy + n * a.w, a.zw); EmitVertex();
    outColor = inColor[1]; outDistance = -1.0; gl_Position = vec4(b.xy - n * b.w, b.zw); EmitVertex();
    outColor = inColor[1]; outDistance = 1.0; gl_Position = vec4(b.xy + n * b.w, b.zw); EmitVertex();
    EndPrimitive();
}
