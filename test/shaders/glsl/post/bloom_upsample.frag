#version 450
// 3x3 tent upsample, blended additively onto the next larger mip.
layout(set = 0, binding = 0) uniform sampler2D srcTexture;
layout(push_constant) uniform Params { float filterRadius; } pc;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec3 outColor;
void main() {
    float x = pc.filterRadius, y = pc.filterRadius;
    vec3 c = texture(srcTexture, inUv).rgb * 4.0;
    c += (texture(srcTexture, inUv + vec2(-x, 0)).rgb + texture(srcTexture, inUv + vec2(x, 0)).rgb
        + texture(srcTexture, inUv + vec2(0, -y)).rgb + texture(srcTexture, inUv + vec2(0, y)).rgb) * 2.0;
    c += texture(srcTexture, inUv + vec2(-x, -y)).rgb + texture(srcTexture, inUv + vec2(x, -y)).rgb
       + texture(srcTexture, inUv + vec2(-x, y)).rgb + texture(srcTexture, inUv + vec2(x, y)).rgb;
    outColor = c / 16.0;
}
