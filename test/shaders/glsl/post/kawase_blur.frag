#version 450
layout(set = 0, binding = 0) uniform sampler2D src;
layout(push_constant) uniform Pass { float iteration; } pass;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec2 t = (pass.iteration + 0.5) / vec2(textureSize(src, 0));
    outColor = 0.25 * (texture(src, inUv + vec2(-t.x, -t.y)) + texture(src, inUv + vec2(t.x, -t.y))
                     + texture(src, inUv + vec2(-t.x, t.y)) + texture(src, inUv + vec2(t.x, t.y)));
}
