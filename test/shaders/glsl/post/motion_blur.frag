#version 450
layout(set = 0, binding = 0) uniform sampler2D colorTexture;
layout(set = 0, binding = 1) uniform sampler2D velocityTexture;
layout(constant_id = 0) const int SAMPLES = 12;
layout(push_constant) uniform Blur { float shutterScale; } blur;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec2 v = texture(velocityTexture, inUv).xy * blur.shutterScale;
    vec4 sum = texture(colorTexture, inUv);
    for (int i = 1; i < SAMPLES; ++i) {
        float t = float(i) / float(SAMPLES - 1) - 0.5;
        sum += texture(colorTexture, inUv + v * t);
    }
    outColor = sum / float(SAMPLES);
}
