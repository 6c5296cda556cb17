#version 450

struct Glyph {
    vec4 rect;      // screen-space x, y, w, h in pixels
    vec4 uvRect;    // atlas u0, v0, u1, v1
    uint color;     // rgba8
    float outline;
    float softness;
    float pad;
};

layout(set = 0, binding = 0, std430) readonly buffer Glyphs { Glyph glyphs[]; };

layout(push_constant) uniform Screen { vec2 invSize; } screen;

layout(location = 0) out vec2 outUv;
layout(location = 1) flat out vec4 outColor;
layout(location = 2) flat out vec2 outStyle;

void main() {
    Glyph g = glyphs[gl_InstanceIndex];
    vec2 corner = vec2(gl_VertexIndex & 1, gl_VertexIndex >> 1);
    vec2 pixel = g.rect.xy + corner * g.rect.zw;
    outUv = mix(g.uvRect.xy, g.uvRect.zw, corner);
    outColor = unpackUnorm4x8(g.color);
    outStyle = vec2(g.outline, g.softness);
    gl_Position = vec4(pixel * screen.invSize * 2.0 - 1.0, 0.0, 1.0);
}
