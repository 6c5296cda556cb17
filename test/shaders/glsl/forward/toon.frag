#version 450

layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec2 inUv;

layout(set = 1, binding = 0) uniform sampler2D albedo;
layout(set = 1, binding = 1) uniform sampler1D rampTexture;

layout(push_constant) uniform Light { vec4 direction; vec4 rimColor; } light;

layout(location = 0) out vec4 outColor;

void main() {
    vec3 n = normalize(inNormal);
    float ndl = dot(n, -light.direction.xyz) * 0.5 + 0.5;
    vec3 ramp = texture(rampTexture, ndl).rgb;
    // Rim light from the view-space normal, hard-edged like the ramp.
    float rim = step(0.7, 1.0 - abs(n.z)) * light.rimColor.a;
    outColor = vec4(texture(albedo, inUv).rgb * ramp + light.rimColor.rgb * rim, 1.0);
}
