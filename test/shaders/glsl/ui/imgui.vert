#version 450

layout(location = 0) in vec2 inPos;
layout(location = 1) in vec2 inUv;
layout(location = 2) in vec4 inColor; // R8G8B8A8_UNORM

layout(push_constant) uniform Transform {
    vec2 scale;
    vec2 translate;
} pc;

layout(location = 0) out struct {
    vec4 color;
    vec2 uv;
} outData;

void main() {
    outData.color = inColor;
    outData.uv = inUv;
    gl_Position = vec4(inPos * pc.scale + pc.translate, 0.0, 1.0);
}
