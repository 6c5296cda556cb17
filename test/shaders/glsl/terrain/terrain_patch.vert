#version 450

// Pass-through to the tessellation stages: the patch grid is in the xz plane.
layout(location = 0) in vec2 inGrid;
layout(location = 0) out vec3 outPosition;

layout(push_constant) uniform Patch { vec2 origin; float patchSize; } pc;

void main() {
    outPosition = vec3(pc.origin.x + inGrid.x * pc.patchSize, 0.0, pc.origin.y + inGrid.y * pc.patchSize);
}
