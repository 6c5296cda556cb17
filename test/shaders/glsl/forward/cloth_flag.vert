#version 450

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec2 inUv;

layout(push_constant) uniform Params {
    mat4 mvp;
    float time;
    float amplitude;
} params;

layout(location = 0) out vec2 outUv;
layout(location = 1) out float outShade;

void main() {
    // The pole side (u = 0) stays put; the free end moves most.
    float phase = inUv.x * 8.0 - params.time * 3.0;
    vec3 p = inPosition;
    p.z += sin(phase) * params.amplitude * inUv.x;
    p.y += cos(phase * 0.5) * params.amplitude * 0.3 * inUv.x;
    outUv = inUv;
    outShade = 0.75 + 0.25 * cos(phase);
    gl_Position = params.mvp * vec4(p, 1.0);
}
