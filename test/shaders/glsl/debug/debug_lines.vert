#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Lines appended by any pass into a buffer during the frame; drawn with vkCmdDrawIndirect.
struct DebugLine {
    vec4 from;  // xyz, w packed rgba8 colour
    vec4 to;
};

layout(set = 1, binding = 0, std430) readonly buffer Lines {
    uint count;
    uint pad[3];
    DebugLine lines[];
};

layout(location = 0) out vec4 outColor;

void main() {
    DebugLine l = lines[gl_VertexIndex >> 1];
    vec4 end = (gl_VertexIndex & 1) == 0 ? l.from : l.to;
    outColor = unpackUnorm4x8(floatBitsToUint(l.from.w));
    gl_Position = camera.viewProj * vec4(end.xyz, 1.0);
}
