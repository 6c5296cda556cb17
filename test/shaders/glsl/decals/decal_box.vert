#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

struct Decal { mat4 worldFromBox; mat4 boxFromWorld; vec4 atlasRect; vec4 tint; };
layout(set = 1, binding = 0, std430) readonly buffer Decals { Decal decals[]; };

layout(location = 0) in vec3 inPosition; // unit cube, -0.5..0.5
layout(location = 0) flat out uint outDecal;

void main() {
    outDecal = uint(gl_InstanceIndex);
    gl_Position = camera.viewProj * decals[gl_InstanceIndex].worldFromBox * vec4(inPosition, 1.0);
}
