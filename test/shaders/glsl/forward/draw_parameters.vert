#version 460
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Multi-draw indirect: gl_DrawID picks the draw's record, gl_BaseInstance its first instance.
struct DrawRecord { mat4 model; uint material; uint instanceStride; uint pad[2]; };
layout(set = 1, binding = 0, std430) readonly buffer DrawRecords { DrawRecord records[]; };

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(location = 0) out vec3 outNormal;
layout(location = 1) flat out uint outMaterial;
layout(location = 2) flat out uint outInstance;

void main() {
    DrawRecord r = records[gl_DrawID];
    outNormal = mat3(r.model) * inNormal;
    outMaterial = r.material;
    outInstance = uint(gl_InstanceIndex - gl_BaseInstance);
    gl_Position = camera.viewProj * r.model * vec4(inPosition, 1.0);
}
