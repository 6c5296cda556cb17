#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
layout(triangles, equal_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 2) in vec2 inUv[];
layout(set = 1, binding = 0) uniform sampler2D displacementMap;
layout(push_constant) uniform Params { vec4 cameraPos; float level; float maxDisplacement; } params;
layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;
void main() {
    vec3 b = gl_TessCoord;
    vec3 p = b.x * inPosition[0] + b.y * inPosition[1] + b.z * inPosition[2];
    vec3 n = normalize(b.x * inNormal[0] + b.y * inNormal[1] + b.z * inNormal[2]);
    vec2 uv = b.x * inUv[0] + b.y * inUv[1] + b.z * inUv[2];
    float h = textureLod(displacementMap, uv, 0.0).r;
    outNormal = n;
    outUv = uv;
    gl_Position = camera.viewProj * vec4(p + n * (h - 0.5) * params.maxDisplacement, 1.0);
}
