#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/noise.glsl"
// Grass tufts from scattered points: three crossed blades per point, bent by wind.
layout(points) in;
layout(triangle_strip, max_vertices = 15) out;
layout(location = 0) in vec3 inNormal[];
layout(location = 0) out vec2 outUv;
layout(location = 1) out float outHeight;
layout(push_constant) uniform Grass { float height; float width; vec2 wind; } grass;
void main() {
    vec3 base = gl_in[0].gl_Position.xyz;
    float rnd = hash12(base.xz);
    for (int b = 0; b < 3; ++b) {
        float angle = (float(b) / 3.0 + rnd) * 3.14159;
        vec3 side = vec3(cos(angle), 0.0, sin(angle)) * grass.width;
        vec2 sway = grass.wind * valueNoise(base.xz * 0.3 + camera.time);
        for (int k = 0; k < 5; ++k) {
            float t = float(k >> 1) / 2.0;
            float s = (k & 1) == 0 ? -1.0 : 1.0;
            if (k == 4) s = 0.0;
            vec3 p = base + inNormal[0] * grass.height * t + side * s * (1.0 - t) + vec3(sway.x, 0.0, sway.y) * t * t;
            outUv = vec2(s * 0.5 + 0.5, t);
            outHeight = t;
            gl_Position = camera.viewProj * vec4(p, 1.0);
            EmitVertex();
        }
        EndPrimitive();
    }
}
