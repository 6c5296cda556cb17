#version 450
#extension GL_EXT_multiview : require

// Both eyes in one pass: gl_ViewIndex selects the eye's matrices.
layout(set = 0, binding = 0, std140) uniform Eyes {
    mat4 viewProj[2];
    vec4 eyePosition[2];
} eyes;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(push_constant) uniform Draw { mat4 model; } draw;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec3 outToEye;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    outNormal = mat3(draw.model) * inNormal;
    outToEye = eyes.eyePosition[gl_ViewIndex].xyz - world.xyz;
    gl_Position = eyes.viewProj[gl_ViewIndex] * world;
}
