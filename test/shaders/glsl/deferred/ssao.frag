#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/octahedral.glsl"

layout(constant_id = 0) const int KERNEL_SIZE = 32;
layout(constant_id = 1) const float RADIUS = 0.5;

layout(set = 1, binding = 0) uniform sampler2D depthTexture;
layout(set = 1, binding = 1) uniform sampler2D normalTexture;  // octahedral world normal
layout(set = 1, binding = 2) uniform sampler2D noiseTexture;   // 4x4 random rotations
layout(set = 1, binding = 3, std140) uniform Kernel { vec4 samples[64]; } kernel;

layout(location = 0) in vec2 inUv;
layout(location = 0) out float outOcclusion;

vec3 viewPosition(vec2 uv) {
    vec3 world = worldFromDepth(uv, texture(depthTexture, uv).r);
    return (camera.view * vec4(world, 1.0)).xyz;
}

void main() {
    vec3 p = viewPosition(inUv);
    vec3 n = normalize(mat3(camera.view) * octDecode(texture(normalTexture, inUv).xy));
    vec2 noiseScale = camera.viewport / 4.0;
    vec3 rnd = vec3(texture(noiseTexture, inUv * noiseScale).xy * 2.0 - 1.0, 0.0);
    vec3 t = normalize(rnd - n * dot(rnd, n));
    mat3 tbn = mat3(t, cross(n, t), n);
    float occlusion = 0.0;
    for (int i = 0; i < KERNEL_SIZE; ++i) {
        vec3 s = p + tbn * kernel.samples[i].xyz * RADIUS;
        vec4 clip = camera.proj * vec4(s, 1.0);
        vec2 suv = clip.xy / clip.w * 0.5 + 0.5;
        float sceneZ = viewPosition(suv).z;
        float rangeCheck = smoothstep(0.0, 1.0, RADIUS / abs(p.z - sceneZ));
        occlusion += (sceneZ >= s.z + 0.025 ? 1.0 : 0.0) * rangeCheck;
    }
    outOcclusion = 1.0 - occlusion / float(KERNEL_SIZE);
}
