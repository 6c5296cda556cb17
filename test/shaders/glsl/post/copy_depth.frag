#version 450
// Copies a multisampled depth buffer to a single-sample one, keeping the farthest sample.
layout(set = 0, binding = 0) uniform sampler2DMS depthMs;
layout(push_constant) uniform Info { int sampleCount; } info;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    float d = 0.0;
    for (int s = 0; s < info.sampleCount; ++s) d = max(d, texelFetch(depthMs, p, s).r);
    gl_FragDepth = d;
}
