#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/lights.glsl"

// A unit sphere scaled to each point light's range; one instance per light.
layout(set = 1, binding = 0, std430) readonly buffer Lights { Light lights[]; };

layout(location = 0) in vec3 inPosition;
layout(location = 0) flat out uint outLight;
layout(location = 1) out vec4 outClip;

void main() {
    Light l = lights[gl_InstanceIndex];
    vec3 world = l.positionRange.xyz + inPosition * l.positionRange.w;
    outLight = uint(gl_InstanceIndex);
    outClip = camera.viewProj * vec4(world, 1.0);
    gl_Position = outClip;
}
