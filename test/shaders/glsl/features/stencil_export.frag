#version 450
#extension GL_ARB_shader_stencil_export : require
// Writes an object id into the stencil buffer from a shader, for id-based outlines.
layout(push_constant) uniform Object { layout(offset = 64) int id; } object;
layout(location = 0) out vec4 outColor;
void main() {
    gl_FragStencilRefARB = object.id & 0xff;
    outColor = vec4(1.0);
}
