#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/noise.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUv;
layout(location = 3) in vec4 inColor; // r: branch stiffness, g: leaf phase, b: height mask

layout(set = 1, binding = 0, std140) uniform Wind {
    vec4 direction;   // xz direction, y unused, w strength
    float gustFrequency;
    float flutter;
} wind;

layout(push_constant) uniform Draw { mat4 model; } draw;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    float gust = valueNoise(world.xz * 0.05 + camera.time * wind.gustFrequency);
    float bend = wind.direction.w * gust * inColor.b * inColor.b * (1.0 - inColor.r);
    world.xz += wind.direction.xz * bend;
    // Leaves flutter along their normal with their own phase.
    world.xyz += inNormal * sin(camera.time * 12.0 + inColor.g * 6.28) * wind.flutter * inColor.b;
    outNormal = mat3(draw.model) * inNormal;
    outUv = inUv;
    gl_Position = camera.viewProj * world;
}
