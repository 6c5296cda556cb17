#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/sampling.glsl"
// The split-sum BRDF lookup table: scale and bias to F0 per (n.v, roughness).
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, rg16f) uniform writeonly image2D lut;
layout(constant_id = 0) const uint SAMPLES = 1024u;

float gSchlickIbl(float nDotX, float roughness) {
    float k = roughness * roughness / 2.0;
    return nDotX / (nDotX * (1.0 - k) + k);
}

void main() {
    ivec2 size = imageSize(lut);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, size))) return;
    float nDotV = (float(p.x) + 0.5) / float(size.x);
    float roughness = (float(p.y) + 0.5) / float(size.y);
    vec3 v = vec3(sqrt(1.0 - nDotV * nDotV), 0.0, nDotV);
    vec3 n = vec3(0.0, 0.0, 1.0);
    float a = 0.0, b = 0.0;
    for (uint i = 0u; i < SAMPLES; ++i) {
        vec2 xi = vec2(float(i) / float(SAMPLES), float(bitfieldReverse(i)) * 2.3283064365386963e-10);
        vec3 h = sampleGgx(xi, n, roughness);
        vec3 l = normalize(2.0 * dot(v, h) * h - v);
        float nDotL = max(l.z, 0.0);
        float nDotH = max(h.z, 0.0);
        float vDotH = max(dot(v, h), 0.0);
        if (nDotL > 0.0) {
            float g = gSchlickIbl(nDotV, roughness) * gSchlickIbl(nDotL, roughness);
            float gVis = g * vDotH / (nDotH * nDotV);
            float fc = pow(1.0 - vDotH, 5.0);
            a += (1.0 - fc) * gVis;
            b += fc * gVis;
        }
    }
    imageStore(lut, p, vec4(a / float(SAMPLES), b / float(SAMPLES), 0.0, 0.0));
}
