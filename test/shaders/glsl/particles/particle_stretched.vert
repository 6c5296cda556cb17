#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/particles.glsl"

// Sparks: quads stretched along the screen-space velocity.
layout(set = 1, binding = 0, std430) readonly buffer ParticlePool { Particle particles[]; };

layout(push_constant) uniform Params { float stretch; float width; } params;

layout(location = 0) out vec2 outUv;
layout(location = 1) out vec4 outColor;

void main() {
    Particle p = particles[gl_InstanceIndex];
    vec3 head = p.positionLife.xyz;
    vec3 tail = head - p.velocityAge.xyz * params.stretch;
    vec4 h = camera.viewProj * vec4(head, 1.0);
    vec4 t = camera.viewProj * vec4(tail, 1.0);
    vec2 dir = normalize(h.xy / h.w - t.xy / t.w + 1e-6);
    vec2 side = vec2(-dir.y, dir.x) * params.width;
    bool isHead = (gl_VertexIndex & 2) != 0;
    float s = (gl_VertexIndex & 1) != 0 ? 1.0 : -1.0;
    vec4 clip = isHead ? h : t;
    clip.xy += side * s * clip.w;
    outUv = vec2(s * 0.5 + 0.5, isHead ? 1.0 : 0.0);
    outColor = p.color;
    gl_Position = clip;
}
