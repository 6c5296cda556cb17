#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/culling.glsl"
// GPU-driven rendering: cull instances against the frustum and append indirect draw commands.
layout(local_size_x = 64) in;

struct Instance { mat4 model; vec4 boundingSphere; uint meshIndex; uint pad[3]; };
struct MeshInfo { uint indexCount; uint firstIndex; int vertexOffset; uint pad; };
struct DrawCommand { uint indexCount; uint instanceCount; uint firstIndex; int vertexOffset; uint firstInstance; };

layout(set = 1, binding = 0, std430) readonly buffer Instances { Instance instances[]; };
layout(set = 1, binding = 1, std430) readonly buffer Meshes { MeshInfo meshes[]; };
layout(set = 1, binding = 2, std430) writeonly buffer Draws { DrawCommand draws[]; };
layout(set = 1, binding = 3, std430) buffer DrawCount { uint drawCount; };
layout(push_constant) uniform Params { uint instanceCount; } params;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.instanceCount) return;
    Instance inst = instances[i];
    vec3 center = (inst.model * vec4(inst.boundingSphere.xyz, 1.0)).xyz;
    float scale = max(length(inst.model[0].xyz), max(length(inst.model[1].xyz), length(inst.model[2].xyz)));
    if (!sphereInFrustum(camera.frustum, center, inst.boundingSphere.w * scale)) return;
    MeshInfo m = meshes[inst.meshIndex];
    uint slot = atomicAdd(drawCount, 1u);
    draws[slot] = DrawCommand(m.indexCount, 1u, m.firstIndex, m.vertexOffset, i);
}
