#version 450
layout(set = 0, binding = 0) uniform sampler2D src;
layout(push_constant) uniform Params { float strength; } params;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec2 fromCenter = inUv - 0.5;
    vec2 shift = fromCenter * dot(fromCenter, fromCenter) * params.strength;
    outColor = vec4(texture(src, inUv - shift).r, texture(src, inUv).g, texture(src, inUv + shift).b, 1.0);
}
