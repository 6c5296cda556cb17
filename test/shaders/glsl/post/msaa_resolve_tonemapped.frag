#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"

// Custom resolve: tone-map each sample before averaging so bright edges do not alias.
layout(set = 0, binding = 0) uniform sampler2DMS hdrMs;
layout(location = 0) out vec4 outColor;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    int n = textureSamples(hdrMs);
    vec3 sum = vec3(0.0);
    float wsum = 0.0;
    for (int s = 0; s < n; ++s) {
        vec3 c = texelFetch(hdrMs, p, s).rgb;
        float w = 1.0 / (1.0 + luminance(c));
        sum += c * w;
        wsum += w;
    }
    outColor = vec4(sum / wsum, 1.0);
}
