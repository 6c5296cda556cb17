#version 450
// Per-sample shading for thin alpha-tested geometry: gl_SampleID forces it, and the sample
// mask is built from the alpha (alpha to coverage done by hand).
layout(set = 0, binding = 0) uniform sampler2D fenceTexture;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec2 uv = interpolateAtSample(inUv, gl_SampleID);
    vec4 c = texture(fenceTexture, uv);
    gl_SampleMask[0] = c.a >= 0.5 ? (1 << gl_SampleID) : 0;
    outColor = vec4(c.rgb, 1.0);
}
