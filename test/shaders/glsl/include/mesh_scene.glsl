// Scene buffers the meshlet pipeline reads (set 1).
#ifndef MESH_SCENE_GLSL
#define MESH_SCENE_GLSL
#include "meshlet.glsl"

layout(set = 1, binding = 0, std430) readonly buffer Meshlets { Meshlet meshlets[]; };
layout(set = 1, binding = 1, std430) readonly buffer MeshletVertices { uint meshletVertices[]; };
layout(set = 1, binding = 2, std430) readonly buffer MeshletTriangles { uint meshletTriangles[]; }; // 3 bytes per triangle
layout(set = 1, binding = 3, std430) readonly buffer Vertices { MeshVertex vertices[]; };

struct MeshInstance { mat4 model; uint firstMeshlet; uint meshletCount; uint material; uint pad; };
layout(set = 1, binding = 4, std430) readonly buffer Instances { MeshInstance instances[]; };

uint meshletTriangleByte(uint offset) {
    return (meshletTriangles[offset >> 2] >> ((offset & 3u) * 8u)) & 0xffu;
}

vec3 vertexPosition(uint i) { return vec3(vertices[i].px, vertices[i].py, vertices[i].pz); }
vec3 vertexNormal(uint i) { return vec3(vertices[i].nx, vertices[i].ny, vertices[i].nz); }

#endif
