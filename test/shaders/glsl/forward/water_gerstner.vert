#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/common.glsl"

const int WAVE_COUNT = 4;

layout(set = 1, binding = 0, std140) uniform Waves {
    vec4 waves[WAVE_COUNT]; // xy direction, z steepness, w wavelength
} water;

layout(location = 0) in vec2 inGrid;

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec4 outClip;

vec3 gerstner(vec4 wave, vec3 p, inout vec3 tangent, inout vec3 binormal) {
    float k = TWO_PI / wave.w;
    float c = sqrt(9.8 / k);
    vec2 d = normalize(wave.xy);
    float f = k * (dot(d, p.xz) - c * camera.time);
    float a = wave.z / k;
    tangent += vec3(-d.x * d.x * wave.z * sin(f), d.x * wave.z * cos(f), -d.x * d.y * wave.z * sin(f));
    binormal += vec3(-d.x * d.y * wave.z * sin(f), d.y * wave.z * cos(f), -d.y * d.y * wave.z * sin(f));
    return vec3(d.x * a * cos(f), a * sin(f), d.y * a * cos(f));
}

void main() {
    vec3 p = vec3(inGrid.x, 0.0, inGrid.y);
    vec3 tangent = vec3(1, 0, 0);
    vec3 binormal = vec3(0, 0, 1);
    vec3 displaced = p;
    for (int i = 0; i < WAVE_COUNT; ++i) displaced += gerstner(water.waves[i], p, tangent, binormal);
    outWorldPos = displaced;
    outNormal = normalize(cross(binormal, tangent));
    outClip = camera.viewProj * vec4(displaced, 1.0);
    gl_Position = outClip;
}
