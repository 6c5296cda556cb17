#version 450
layout(set = 1, binding = 0) uniform sampler2D spriteAtlas;
layout(location = 0) in vec2 inUv;
layout(location = 1) in vec4 inColor;
layout(location = 0) out vec4 outColor;
void main() {
    vec4 c = texture(spriteAtlas, inUv) * inColor;
    if (c.a < 1.0 / 255.0) discard;
    outColor = c;
}
