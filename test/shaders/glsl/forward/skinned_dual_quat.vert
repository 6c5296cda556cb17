#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/quaternion.glsl"

// Dual-quaternion skinning avoids the candy-wrapper collapse of linear blending at twisting joints.
layout(set = 1, binding = 0, std430) readonly buffer DualQuats {
    vec4 dq[]; // two per joint: real part, dual part
} bones;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUv;
layout(location = 3) in uvec4 inJoints;
layout(location = 4) in vec4 inWeights;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;

void main() {
    vec4 real0 = bones.dq[inJoints.x * 2u];
    vec4 real = vec4(0.0);
    vec4 dual = vec4(0.0);
    for (int i = 0; i < 4; ++i) {
        vec4 r = bones.dq[inJoints[i] * 2u];
        vec4 d = bones.dq[inJoints[i] * 2u + 1u];
        // Take the shortest path: flip quaternions in the other hemisphere from the first.
        float w = dot(r, real0) < 0.0 ? -inWeights[i] : inWeights[i];
        real += w * r;
        dual += w * d;
    }
    float len = length(real);
    real /= len;
    dual /= len;
    vec3 translation = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
    vec3 position = quatRotate(real, inPosition) + translation;
    outNormal = quatRotate(real, inNormal);
    outUv = inUv;
    gl_Position = camera.viewProj * vec4(position, 1.0);
}
