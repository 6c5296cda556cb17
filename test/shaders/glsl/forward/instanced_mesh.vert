#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

struct InstanceData {
    mat4 model;
    vec4 color;
};

layout(set = 1, binding = 0, std430) readonly buffer Instances {
    InstanceData instances[];
};

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec4 outColor;

void main() {
    InstanceData inst = instances[gl_InstanceIndex];
    outNormal = mat3(inst.model) * inNormal;
    outColor = inst.color;
    gl_Position = camera.viewProj * inst.model * vec4(inPosition, 1.0);
}
