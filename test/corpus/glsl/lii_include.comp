// run: groups=2,2,2 buffers=0:1024
#version 450
#extension GL_GOOGLE_include_directive : require
// gl_LocalInvocationIndex used from functions defined in an #included header.
// Workgroup 4x2x2.

#include "include/lii_helpers.glsl"

layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uvec2 slots[];
};

void main() {
    Slot s = makeSlot(16u, 0x9e37u);
    slots[s.index] = uvec2(gl_LocalInvocationIndex, s.value);
}
