// Colour-space conversions and tone-mapping operators.
#ifndef COLOR_GLSL
#define COLOR_GLSL

vec3 srgbToLinear(vec3 c) {
    bvec3 low = lessThanEqual(c, vec3(0.04045));
    return mix(pow((c + 0.055) / 1.055, vec3(2.4)), c / 12.92, low);
}

vec3 linearToSrgb(vec3 c) {
    bvec3 low = lessThanEqual(c, vec3(0.0031308));
    return mix(1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, c * 12.92, low);
}

vec3 tonemapReinhard(vec3 c) { return c / (1.0 + c); }

// Narkowicz's fit of the ACES filmic curve.
vec3 tonemapAces(vec3 x) {
    const float a = 2.51, b = 0.03, c = 2.43, d = 0.59, e = 0.14;
    return clamp((x * (a * x + b)) / (x * (c * x + d) + e), 0.0, 1.0);
}

vec3 uncharted2Partial(vec3 x) {
    const float A = 0.15, B = 0.50, C = 0.10, D = 0.20, E = 0.02, F = 0.30;
    return ((x * (A * x + C * B) + D * E) / (x * (A * x + B) + D * F)) - E / F;
}

vec3 tonemapUncharted2(vec3 c) {
    const float exposureBias = 2.0;
    vec3 whiteScale = 1.0 / uncharted2Partial(vec3(11.2));
    return uncharted2Partial(c * exposureBias) * whiteScale;
}

vec3 rgbToYCoCg(vec3 c) {
    return vec3(0.25 * c.r + 0.5 * c.g + 0.25 * c.b, 0.5 * c.r - 0.5 * c.b, -0.25 * c.r + 0.5 * c.g - 0.25 * c.b);
}

vec3 yCoCgToRgb(vec3 c) {
    return vec3(c.x + c.y - c.z, c.x + c.z, c.x - c.y - c.z);
}

#endif
