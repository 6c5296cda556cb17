#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Exponential height fog, integrated analytically along the view ray.
layout(set = 1, binding = 0) uniform sampler2D colorTexture;
layout(set = 1, binding = 1) uniform sampler2D depthTexture;
layout(set = 1, binding = 2, std140) uniform Fog { vec4 color; float density; float heightFalloff; float baseHeight; float maxOpacity; } fog;

layout(location = 0) in vec2 inUv;
layout(location = 1) in vec3 inViewRay;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 c = texture(colorTexture, inUv).rgb;
    vec3 p = worldFromDepth(inUv, texture(depthTexture, inUv).r);
    vec3 ray = p - camera.position.xyz;
    float dist = length(ray);
    float h0 = camera.position.y - fog.baseHeight;
    float dy = ray.y;
    float k = fog.heightFalloff;
    float integral = abs(dy) > 1e-3 ? (exp(-k * h0) - exp(-k * (h0 + dy))) / (k * dy) : exp(-k * h0);
    float amount = clamp(1.0 - exp(-fog.density * dist * integral), 0.0, fog.maxOpacity);
    outColor = vec4(mix(c, fog.color.rgb, amount), 1.0);
}
