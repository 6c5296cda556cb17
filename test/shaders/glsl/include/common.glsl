// Constants and small math shared by every stage.
#ifndef COMMON_GLSL
#define COMMON_GLSL

const float PI = 3.14159265358979;
const float TWO_PI = 6.28318530717959;
const float INV_PI = 0.31830988618379;
const float EPSILON = 1e-5;

float saturate(float x) { return clamp(x, 0.0, 1.0); }
vec3 saturate(vec3 x) { return clamp(x, vec3(0.0), vec3(1.0)); }

float sq(float x) { return x * x; }

float luminance(vec3 rgb) { return dot(rgb, vec3(0.2126, 0.7152, 0.0722)); }

float remap(float x, float a, float b, float c, float d) {
    return c + (x - a) * (d - c) / (b - a);
}

// Builds an orthonormal basis around n (Duff et al. 2017, branchless).
void basisFromNormal(vec3 n, out vec3 t, out vec3 b) {
    float s = n.z >= 0.0 ? 1.0 : -1.0;
    float a = -1.0 / (s + n.z);
    float c = n.x * n.y * a;
    t = vec3(1.0 + s * n.x * n.x * a, s * c, -s * n.x);
    b = vec3(c, s + n.y * n.y * a, -n.y);
}

#endif
