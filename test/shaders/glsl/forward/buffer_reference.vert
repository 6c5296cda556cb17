// target-env: vulkan1.2
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_scalar_block_layout : require
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Vertex and index data reached by device address, passed in push constants per draw.
layout(buffer_reference, scalar, buffer_reference_align = 4) readonly buffer Positions { vec3 p[]; };
layout(buffer_reference, scalar, buffer_reference_align = 4) readonly buffer Normals { vec3 n[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Transform { mat4 model; };

layout(push_constant) uniform Draw {
    Positions positions;
    Normals normals;
    Transform transform;
} draw;

layout(location = 0) out vec3 outNormal;

void main() {
    mat4 model = draw.transform.model;
    outNormal = mat3(model) * draw.normals.n[gl_VertexIndex];
    gl_Position = camera.viewProj * model * vec4(draw.positions.p[gl_VertexIndex], 1.0);
}
