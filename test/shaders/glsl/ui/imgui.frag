#version 450
layout(set = 0, binding = 0) uniform sampler2D fontAtlas;
layout(location = 0) in struct { vec4 color; vec2 uv; } inData;
layout(location = 0) out vec4 outColor;
void main() { outColor = inData.color * texture(fontAtlas, inData.uv); }
