#version 450
layout(set = 1, binding = 0) uniform sampler2D alphaTexture;
layout(location = 0) in vec2 inUv;
void main() {
    if (texture(alphaTexture, inUv).a < 0.5) discard;
}
