#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/culling.glsl"
#include "../include/meshlet.glsl"
// For the vertex path without mesh shaders: cull meshlets and write their triangles' indices.
layout(local_size_x = 32) in;
layout(set = 1, binding = 0, std430) readonly buffer Meshlets { Meshlet meshlets[]; };
layout(set = 1, binding = 1, std430) readonly buffer MeshletVertices { uint meshletVertices[]; };
layout(set = 1, binding = 2, std430) readonly buffer MeshletTriangles { uint meshletTriangles[]; }; // bytes packed
layout(set = 1, binding = 3, std430) writeonly buffer OutIndices { uint outIndices[]; };
layout(set = 1, binding = 4, std430) buffer DrawArgs { uint indexCount; uint instanceCount; uint firstIndex; int vertexOffset; uint firstInstance; };
layout(push_constant) uniform Params { mat4 model; uint meshletCount; } params;

uint triangleByte(uint offset) { return (meshletTriangles[offset >> 2] >> ((offset & 3u) * 8u)) & 0xffu; }

void main() {
    uint m = gl_GlobalInvocationID.x;
    if (m >= params.meshletCount) return;
    Meshlet ml = meshlets[m];
    vec3 center = (params.model * vec4(ml.boundingSphere.xyz, 1.0)).xyz;
    if (!sphereInFrustum(camera.frustum, center, ml.boundingSphere.w)) return;
    vec3 apex = (params.model * vec4(ml.coneApex.xyz, 1.0)).xyz;
    vec3 axis = normalize(mat3(params.model) * ml.cone.xyz);
    if (coneBackfacing(apex, axis, ml.cone.w, camera.position.xyz)) return;
    uint base = atomicAdd(indexCount, ml.triangleCount * 3u);
    for (uint t = 0u; t < ml.triangleCount * 3u; ++t) {
        uint local = triangleByte(ml.triangleOffset + t);
        outIndices[base + t] = meshletVertices[ml.vertexOffset + local];
    }
}
