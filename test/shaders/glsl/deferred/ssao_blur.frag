#version 450
layout(set = 0, binding = 0) uniform sampler2D ssaoInput;
layout(location = 0) in vec2 inUv;
layout(location = 0) out float outOcclusion;
// 4x4 box blur matching the 4x4 noise tile, which removes its pattern exactly.
void main() {
    vec2 texel = 1.0 / vec2(textureSize(ssaoInput, 0));
    float sum = 0.0;
    for (int x = -2; x < 2; ++x)
        for (int y = -2; y < 2; ++y)
            sum += texture(ssaoInput, inUv + vec2(x, y) * texel).r;
    outOcclusion = sum / 16.0;
}
