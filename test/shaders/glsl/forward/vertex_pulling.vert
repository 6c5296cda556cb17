#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/octahedral.glsl"

// No vertex input state: positions and packed attributes are read from storage buffers,
// so one pipeline draws every vertex format the engine packs this way.
struct PackedVertex {
    vec3 position;
    uint normalOct;    // 2 x unorm16 octahedral normal
    uint uvHalf;       // 2 x half-float uv
    uint color;        // rgba8
};

layout(set = 1, binding = 0, std430) readonly buffer Vertices { PackedVertex vertices[]; };
layout(set = 1, binding = 1, std430) readonly buffer Indices { uint indices[]; };

layout(push_constant) uniform Draw { mat4 model; uint firstIndex; } draw;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUv;
layout(location = 2) out vec4 outColor;

void main() {
    PackedVertex v = vertices[indices[draw.firstIndex + uint(gl_VertexIndex)]];
    outNormal = mat3(draw.model) * octDecode(unpackUnorm2x16(v.normalOct));
    outUv = unpackHalf2x16(v.uvHalf);
    outColor = unpackUnorm4x8(v.color);
    gl_Position = camera.viewProj * draw.model * vec4(v.position, 1.0);
}
