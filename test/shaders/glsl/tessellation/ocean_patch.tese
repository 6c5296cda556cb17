#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Displacement from the FFT ocean's cascades (choppy xz and height y).
layout(quads, fractional_even_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(set = 1, binding = 0) uniform sampler2DArray displacementCascades;
layout(set = 1, binding = 1, std140) uniform Cascades { vec4 lengthScales; float choppiness; } cascades;
layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec2 outUv;
void main() {
    vec3 p = mix(mix(inPosition[0], inPosition[1], gl_TessCoord.x), mix(inPosition[3], inPosition[2], gl_TessCoord.x), gl_TessCoord.y);
    vec3 d = vec3(0.0);
    for (int c = 0; c < 3; ++c) {
        vec3 s = textureLod(displacementCascades, vec3(p.xz / cascades.lengthScales[c], float(c)), 0.0).xyz;
        d += vec3(s.x * cascades.choppiness, s.y, s.z * cascades.choppiness);
    }
    p += d;
    outWorldPos = p;
    outUv = p.xz;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
