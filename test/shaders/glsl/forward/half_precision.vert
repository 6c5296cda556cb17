#version 450
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Compressed vertices: half-float positions relative to a per-mesh box, int8 normals.
struct CompactVertex {
    f16vec4 position;   // xyz, w unused
    f16vec2 uv;
    uint normal;        // snorm8 x3 + pad
};

layout(set = 1, binding = 0, std430) readonly buffer Vertices { CompactVertex vertices[]; };

layout(push_constant) uniform Mesh { mat4 model; vec4 boxMin; vec4 boxExtent; } mesh;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;

void main() {
    CompactVertex v = vertices[gl_VertexIndex];
    vec3 local = mesh.boxMin.xyz + vec3(v.position.xyz) * mesh.boxExtent.xyz;
    outNormal = normalize(mat3(mesh.model) * unpackSnorm4x8(v.normal).xyz);
    outUv = vec2(v.uv);
    gl_Position = camera.viewProj * mesh.model * vec4(local, 1.0);
}
