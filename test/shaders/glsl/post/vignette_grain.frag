#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/random.glsl"

layout(set = 0, binding = 0) uniform sampler2D src;
layout(push_constant) uniform Params { float vignette; float grain; uint frame; } params;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 c = texture(src, inUv).rgb;
    vec2 d = inUv - 0.5;
    c *= 1.0 - params.vignette * dot(d, d) * 2.0;
    float n = hashToFloat(hash3(uvec3(uvec2(gl_FragCoord.xy), params.frame))) - 0.5;
    // Grain scaled by the signal so blacks stay black.
    c += n * params.grain * sqrt(c);
    outColor = vec4(c, 1.0);
}
