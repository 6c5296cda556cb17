#version 450

// Translate gizmo: three arrows, constant size on screen wherever the object is.
layout(location = 0) in vec3 inPosition;
layout(location = 1) in uint inAxis;

layout(push_constant) uniform Gizmo {
    mat4 viewProj;
    vec4 originScale; // xyz origin, w screen-size factor
    uint hoveredAxis;
} gizmo;

layout(location = 0) flat out vec4 outColor;

void main() {
    vec4 clipOrigin = gizmo.viewProj * vec4(gizmo.originScale.xyz, 1.0);
    float scale = clipOrigin.w * gizmo.originScale.w;
    vec3 world = gizmo.originScale.xyz + inPosition * scale;
    vec3 axisColor = vec3(inAxis == 0u, inAxis == 1u, inAxis == 2u);
    outColor = vec4(inAxis == gizmo.hoveredAxis ? vec3(1.0, 1.0, 0.2) : axisColor, 1.0);
    gl_Position = gizmo.viewProj * vec4(world, 1.0);
}
