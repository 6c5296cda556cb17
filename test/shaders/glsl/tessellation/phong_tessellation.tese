#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
layout(triangles, fractional_odd_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 0) out vec3 outNormal;
layout(push_constant) uniform Phong { float alpha; } phong;

vec3 projectToPlane(vec3 p, vec3 planePoint, vec3 planeNormal) {
    return p - dot(p - planePoint, planeNormal) * planeNormal;
}

void main() {
    vec3 b = gl_TessCoord;
    vec3 p = b.x * inPosition[0] + b.y * inPosition[1] + b.z * inPosition[2];
    vec3 q = b.x * projectToPlane(p, inPosition[0], inNormal[0])
           + b.y * projectToPlane(p, inPosition[1], inNormal[1])
           + b.z * projectToPlane(p, inPosition[2], inNormal[2]);
    outNormal = normalize(b.x * inNormal[0] + b.y * inNormal[1] + b.z * inNormal[2]);
    gl_Position = camera.viewProj * vec4(mix(p, q, phong.alpha), 1.0);
}
