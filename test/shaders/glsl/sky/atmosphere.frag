#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"

// Single-scattering Rayleigh + Mie sky, integrated numerically along the view ray.
layout(location = 0) in vec2 inUv;
layout(location = 1) in vec3 inViewRay;
layout(location = 0) out vec4 outColor;

layout(set = 1, binding = 0, std140) uniform Atmosphere {
    vec4 sunDirection;     // xyz towards the sun, w intensity
    vec4 rayleighBeta;     // rgb, w scale height
    vec4 mieBeta;          // rgb, w scale height
    float planetRadius;
    float atmosphereRadius;
    float mieG;
    float cameraHeight;
} atm;

const int VIEW_STEPS = 16;
const int LIGHT_STEPS = 8;

vec2 raySphere(vec3 ro, vec3 rd, float r) {
    float b = dot(ro, rd);
    float c = dot(ro, ro) - r * r;
    float h = b * b - c;
    if (h < 0.0) return vec2(1e9, -1e9);
    h = sqrt(h);
    return vec2(-b - h, -b + h);
}

void main() {
    vec3 rd = normalize(inViewRay);
    vec3 ro = vec3(0.0, atm.planetRadius + atm.cameraHeight, 0.0);
    vec2 hit = raySphere(ro, rd, atm.atmosphereRadius);
    float tMax = hit.y;
    vec2 ground = raySphere(ro, rd, atm.planetRadius);
    if (ground.x > 0.0) tMax = min(tMax, ground.x);
    float segment = tMax / float(VIEW_STEPS);
    vec3 sumR = vec3(0.0), sumM = vec3(0.0);
    float odR = 0.0, odM = 0.0;
    vec3 sun = normalize(atm.sunDirection.xyz);
    for (int i = 0; i < VIEW_STEPS; ++i) {
        vec3 p = ro + rd * (float(i) + 0.5) * segment;
        float h = length(p) - atm.planetRadius;
        float hr = exp(-h / atm.rayleighBeta.w) * segment;
        float hm = exp(-h / atm.mieBeta.w) * segment;
        odR += hr;
        odM += hm;
        float lightSeg = raySphere(p, sun, atm.atmosphereRadius).y / float(LIGHT_STEPS);
        float lodR = 0.0, lodM = 0.0;
        bool blocked = false;
        for (int j = 0; j < LIGHT_STEPS; ++j) {
            vec3 q = p + sun * (float(j) + 0.5) * lightSeg;
            float lh = length(q) - atm.planetRadius;
            if (lh < 0.0) { blocked = true; break; }
            lodR += exp(-lh / atm.rayleighBeta.w) * lightSeg;
            lodM += exp(-lh / atm.mieBeta.w) * lightSeg;
        }
        if (blocked) continue;
        vec3 tau = atm.rayleighBeta.rgb * (odR + lodR) + atm.mieBeta.rgb * 1.1 * (odM + lodM);
        vec3 att = exp(-tau);
        sumR += att * hr;
        sumM += att * hm;
    }
    float mu = dot(rd, sun);
    float phaseR = 3.0 / (16.0 * PI) * (1.0 + mu * mu);
    float g = atm.mieG;
    float phaseM = 3.0 / (8.0 * PI) * ((1.0 - g * g) * (1.0 + mu * mu)) / ((2.0 + g * g) * pow(1.0 + g * g - 2.0 * g * mu, 1.5));
    vec3 color = atm.sunDirection.w * (sumR * atm.rayleighBeta.rgb * phaseR + sumM * atm.mieBeta.rgb * phaseM);
    outColor = vec4(color, 1.0);
}
