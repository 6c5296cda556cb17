#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/noise.glsl"
#include "../include/random.glsl"

layout(set = 1, binding = 0) uniform sampler3D shapeNoise;
layout(set = 1, binding = 1) uniform sampler2D weatherMap;
layout(set = 1, binding = 2, std140) uniform Clouds {
    vec4 sunDirection;
    vec4 sunColor;
    float bottom;
    float top;
    float coverage;
    float densityScale;
    vec2 windOffset;
    float absorption;
    float pad;
} clouds;

layout(location = 0) in vec2 inUv;
layout(location = 1) in vec3 inViewRay;
layout(location = 0) out vec4 outColor;

float density(vec3 p) {
    float heightFrac = clamp((p.y - clouds.bottom) / (clouds.top - clouds.bottom), 0.0, 1.0);
    vec2 weather = texture(weatherMap, (p.xz + clouds.windOffset) * 1e-4).rg;
    float shape = texture(shapeNoise, p * 2e-4 + vec3(clouds.windOffset.x, 0.0, clouds.windOffset.y) * 1e-4).r;
    float gradient = smoothstep(0.0, 0.1, heightFrac) * smoothstep(1.0, 0.6 + 0.3 * weather.g, heightFrac);
    float d = clamp(shape * gradient - (1.0 - clouds.coverage * weather.r), 0.0, 1.0);
    return d * clouds.densityScale;
}

void main() {
    vec3 rd = normalize(inViewRay);
    if (rd.y <= 0.01) { outColor = vec4(0.0, 0.0, 0.0, 1.0); return; }
    float t0 = (clouds.bottom - camera.position.y) / rd.y;
    float t1 = (clouds.top - camera.position.y) / rd.y;
    const int STEPS = 48;
    float stepLen = (t1 - t0) / float(STEPS);
    uint seed = hash3(uvec3(uvec2(gl_FragCoord.xy), camera.frameIndex));
    float t = t0 + stepLen * nextRandom(seed); // jitter hides banding, TAA removes the noise
    float transmittance = 1.0;
    vec3 light = vec3(0.0);
    vec3 sun = normalize(clouds.sunDirection.xyz);
    for (int i = 0; i < STEPS && transmittance > 0.01; ++i) {
        vec3 p = camera.position.xyz + rd * t;
        float d = density(p);
        if (d > 0.0) {
            float shadow = 0.0;
            for (int j = 1; j <= 4; ++j) shadow += density(p + sun * float(j) * 60.0);
            float beer = exp(-shadow * 60.0 * clouds.absorption);
            float powder = 1.0 - exp(-d * 2.0);
            light += transmittance * d * stepLen * beer * powder * clouds.sunColor.rgb;
            transmittance *= exp(-d * stepLen * clouds.absorption);
        }
        t += stepLen;
    }
    outColor = vec4(light, transmittance);
}
