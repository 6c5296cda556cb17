#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Planar reflections render the mirrored scene; geometry behind the mirror plane is clipped.
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(push_constant) uniform Draw {
    mat4 model;
    vec4 clipPlane;
} draw;

out gl_PerVertex {
    vec4 gl_Position;
    float gl_ClipDistance[1];
};

layout(location = 0) out vec3 outNormal;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    gl_ClipDistance[0] = dot(world, draw.clipPlane);
    outNormal = mat3(draw.model) * inNormal;
    gl_Position = camera.viewProj * world;
}
