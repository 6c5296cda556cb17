// Direction sampling for Monte Carlo integration.
#ifndef SAMPLING_GLSL
#define SAMPLING_GLSL
#include "common.glsl"

vec3 sampleCosineHemisphere(vec2 u, vec3 n) {
    float r = sqrt(u.x);
    float phi = TWO_PI * u.y;
    vec3 t, b;
    basisFromNormal(n, t, b);
    return normalize(r * cos(phi) * t + r * sin(phi) * b + sqrt(max(0.0, 1.0 - u.x)) * n);
}

vec3 sampleUniformSphere(vec2 u) {
    float z = 1.0 - 2.0 * u.x;
    float r = sqrt(max(0.0, 1.0 - z * z));
    float phi = TWO_PI * u.y;
    return vec3(r * cos(phi), r * sin(phi), z);
}

// GGX distribution of visible normals would be better; the plain NDF keeps this short.
vec3 sampleGgx(vec2 u, vec3 n, float roughness) {
    float a = roughness * roughness;
    float phi = TWO_PI * u.x;
    float cosTheta = sqrt((1.0 - u.y) / (1.0 + (a * a - 1.0) * u.y));
    float sinTheta = sqrt(1.0 - cosTheta * cosTheta);
    vec3 t, b;
    basisFromNormal(n, t, b);
    return normalize(t * cos(phi) * sinTheta + b * sin(phi) * sinTheta + n * cosTheta);
}

vec2 concentricDisk(vec2 u) {
    vec2 o = 2.0 * u - 1.0;
    if (o.x == 0.0 && o.y == 0.0) return vec2(0.0);
    float r, theta;
    if (abs(o.x) > abs(o.y)) { r = o.x; theta = (PI / 4.0) * (o.y / o.x); }
    else { r = o.y; theta = PI / 2.0 - (PI / 4.0) * (o.x / o.y); }
    return r * vec2(cos(theta), sin(theta));
}

#endif
