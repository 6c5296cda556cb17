#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/common.glsl"

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inClip;

layout(set = 1, binding = 1) uniform sampler2D reflectionTex;
layout(set = 1, binding = 2) uniform sampler2D refractionTex;
layout(set = 1, binding = 3) uniform sampler2D sceneDepth;
layout(set = 1, binding = 4) uniform sampler2D normalDetail;

layout(location = 0) out vec4 outColor;

void main() {
    vec2 screenUv = inClip.xy / inClip.w * 0.5 + 0.5;
    vec2 detailUv = inWorldPos.xz * 0.1;
    vec3 detail = texture(normalDetail, detailUv + camera.time * vec2(0.02, 0.01)).xzy * 2.0 - 1.0;
    detail += texture(normalDetail, detailUv * 1.7 - camera.time * vec2(0.015, 0.03)).xzy * 2.0 - 1.0;
    vec3 n = normalize(inNormal + detail * 0.3);
    vec3 v = normalize(camera.position.xyz - inWorldPos);

    vec2 distortion = n.xz * 0.03;
    float sceneZ = linearDepth(texture(sceneDepth, screenUv).r);
    float waterZ = linearDepth(gl_FragCoord.z);
    float thickness = max(sceneZ - waterZ, 0.0);

    vec3 reflection = texture(reflectionTex, vec2(screenUv.x, 1.0 - screenUv.y) + distortion).rgb;
    vec3 refraction = texture(refractionTex, screenUv + distortion * saturate(thickness)).rgb;
    vec3 absorption = exp(-thickness * vec3(0.45, 0.09, 0.06));
    refraction = refraction * absorption + vec3(0.0, 0.08, 0.1) * (1.0 - absorption);

    float fresnel = 0.02 + 0.98 * pow(1.0 - max(dot(n, v), 0.0), 5.0);
    vec3 color = mix(refraction, reflection, fresnel);
    float foam = smoothstep(0.4, 0.0, thickness);
    outColor = vec4(mix(color, vec3(0.9), foam * 0.6), 1.0);
}
