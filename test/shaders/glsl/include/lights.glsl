// Punctual lights as the forward and deferred passes store them.
#ifndef LIGHTS_GLSL
#define LIGHTS_GLSL

const uint LIGHT_DIRECTIONAL = 0u;
const uint LIGHT_POINT = 1u;
const uint LIGHT_SPOT = 2u;

struct Light {
    vec4 positionRange;   // xyz position, w range
    vec4 directionType;   // xyz direction, w type (as float bits)
    vec4 colorIntensity;  // rgb colour, a intensity
    vec4 spotAngles;      // x cos(inner), y cos(outer), z shadow index, w unused
};

uint lightType(Light light) { return floatBitsToUint(light.directionType.w); }

// Smooth window so a light's contribution reaches zero at its range.
float rangeAttenuation(float dist, float range) {
    float r = dist / range;
    float window = clamp(1.0 - r * r * r * r, 0.0, 1.0);
    return window * window / max(dist * dist, 1e-4);
}

float spotAttenuation(Light light, vec3 toLight) {
    float cd = dot(normalize(-toLight), normalize(light.directionType.xyz));
    return smoothstep(light.spotAngles.y, light.spotAngles.x, cd);
}

// Direction to the light and its radiance at p.
vec3 lightRadiance(Light light, vec3 p, out vec3 l) {
    uint type = lightType(light);
    vec3 color = light.colorIntensity.rgb * light.colorIntensity.a;
    if (type == LIGHT_DIRECTIONAL) {
        l = normalize(-light.directionType.xyz);
        return color;
    }
    vec3 toLight = light.positionRange.xyz - p;
    float dist = length(toLight);
    l = toLight / max(dist, 1e-4);
    float att = rangeAttenuation(dist, light.positionRange.w);
    if (type == LIGHT_SPOT) att *= spotAttenuation(light, toLight);
    return color * att;
}

#endif
