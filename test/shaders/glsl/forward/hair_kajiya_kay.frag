#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/common.glsl"

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inTangent;
layout(location = 2) in vec2 inUv;

layout(set = 1, binding = 0) uniform sampler2D hairAlpha;
layout(set = 1, binding = 1) uniform sampler2D shiftNoise;
layout(set = 1, binding = 2, std140) uniform Hair {
    vec4 baseColor;
    vec4 specColor1;
    vec4 specColor2;
    vec4 lightDir;
    float shift1;
    float shift2;
    float exponent1;
    float exponent2;
} hair;

layout(location = 0) out vec4 outColor;

float strandSpecular(vec3 t, vec3 v, vec3 l, float exponent) {
    vec3 h = normalize(l + v);
    float tdh = dot(t, h);
    float sinTH = sqrt(max(0.0, 1.0 - tdh * tdh));
    return smoothstep(-1.0, 0.0, tdh) * pow(sinTH, exponent);
}

void main() {
    float alpha = texture(hairAlpha, inUv).r;
    if (alpha < 0.1) discard;
    vec3 t = normalize(inTangent);
    vec3 v = normalize(camera.position.xyz - inWorldPos);
    vec3 l = normalize(-hair.lightDir.xyz);
    vec3 n = normalize(cross(t, cross(v, t)));
    float shift = texture(shiftNoise, inUv * 4.0).r - 0.5;
    vec3 t1 = normalize(t + n * (hair.shift1 + shift));
    vec3 t2 = normalize(t + n * (hair.shift2 + shift));
    vec3 spec = hair.specColor1.rgb * strandSpecular(t1, v, l, hair.exponent1)
              + hair.specColor2.rgb * strandSpecular(t2, v, l, hair.exponent2) * texture(shiftNoise, inUv * 9.0).g;
    float diffuse = saturate(mix(0.25, 1.0, dot(n, l)));
    outColor = vec4(hair.baseColor.rgb * diffuse + spec, alpha);
}
