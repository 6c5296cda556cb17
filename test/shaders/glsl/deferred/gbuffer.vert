#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec2 inUv;

struct ObjectData { mat4 model; mat4 prevModel; uint material; uint pad[3]; };
layout(set = 1, binding = 0, std430) readonly buffer Objects { ObjectData objects[]; };

layout(push_constant) uniform Draw { uint objectIndex; } draw;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec4 outTangent;
layout(location = 2) out vec2 outUv;
layout(location = 3) out vec4 outCurrClip;
layout(location = 4) out vec4 outPrevClip;
layout(location = 5) flat out uint outMaterial;

void main() {
    ObjectData o = objects[draw.objectIndex];
    vec4 world = o.model * vec4(inPosition, 1.0);
    outNormal = mat3(o.model) * inNormal;
    outTangent = vec4(mat3(o.model) * inTangent.xyz, inTangent.w);
    outUv = inUv;
    // Motion vectors for TAA: this frame's and last frame's clip positions, without jitter.
    outCurrClip = camera.viewProj * world;
    outPrevClip = camera.prevViewProj * o.prevModel * vec4(inPosition, 1.0);
    outMaterial = o.material;
    gl_Position = outCurrClip + vec4(camera.jitter * outCurrClip.w, 0.0, 0.0);
}
