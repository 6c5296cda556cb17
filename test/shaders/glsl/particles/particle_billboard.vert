#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/particles.glsl"

layout(set = 1, binding = 0, std430) readonly buffer ParticlePool { Particle particles[]; };
layout(set = 1, binding = 1, std430) readonly buffer AliveList { uint alive[]; };

layout(location = 0) out vec2 outUv;
layout(location = 1) out vec4 outColor;

void main() {
    Particle p = particles[alive[gl_InstanceIndex]];
    float t = p.velocityAge.w / (p.velocityAge.w + p.positionLife.w);
    float size = mix(p.size.x, p.size.y, t);
    vec2 corner = vec2(gl_VertexIndex & 1, gl_VertexIndex >> 1) * 2.0 - 1.0;
    vec4 viewPos = camera.view * vec4(p.positionLife.xyz, 1.0);
    viewPos.xy += corner * size;
    outUv = corner * 0.5 + 0.5;
    outColor = vec4(p.color.rgb, p.color.a * (1.0 - t));
    gl_Position = camera.proj * viewPos;
}
