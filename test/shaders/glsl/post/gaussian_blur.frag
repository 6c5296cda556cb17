#version 450
// Separable 9-tap Gaussian using linear filtering (5 fetches); direction per pipeline.
layout(constant_id = 0) const bool HORIZONTAL = true;
layout(set = 0, binding = 0) uniform sampler2D src;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

const float OFFSETS[3] = float[](0.0, 1.3846153846, 3.2307692308);
const float WEIGHTS[3] = float[](0.2270270270, 0.3162162162, 0.0702702703);

void main() {
    vec2 texel = 1.0 / vec2(textureSize(src, 0));
    vec2 dir = HORIZONTAL ? vec2(texel.x, 0.0) : vec2(0.0, texel.y);
    vec4 c = texture(src, inUv) * WEIGHTS[0];
    for (int i = 1; i < 3; ++i) {
        c += texture(src, inUv + dir * OFFSETS[i]) * WEIGHTS[i];
        c += texture(src, inUv - dir * OFFSETS[i]) * WEIGHTS[i];
    }
    outColor = c;
}
