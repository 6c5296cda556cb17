#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Expands particles (points) into camera-facing quads.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec4 inColor[];
layout(location = 1) in float inSize[];
layout(location = 0) out vec2 outUv;
layout(location = 1) out vec4 outColor;
void main() {
    vec4 center = camera.view * gl_in[0].gl_Position;
    for (int i = 0; i < 4; ++i) {
        vec2 corner = vec2(i & 1, i >> 1);
        outUv = corner;
        outColor = inColor[0];
        gl_Position = camera.proj * (center + vec4((corner * 2.0 - 1.0) * inSize[0], 0.0, 0.0));
        EmitVertex();
    }
    EndPrimitive();
}
