#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// One source, several pipelines: the renderer specialises skinning and wind per material.
layout(constant_id = 0) const bool USE_WIND = false;
layout(constant_id = 1) const int UV_SETS = 1;
layout(constant_id = 2) const float WIND_SCALE = 0.1;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUv0;
layout(location = 3) in vec2 inUv1;

layout(push_constant) uniform Draw { mat4 model; } draw;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec4 outUv;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    if (USE_WIND) world.x += sin(camera.time + world.z) * WIND_SCALE * inPosition.y;
    outNormal = mat3(draw.model) * inNormal;
    outUv = vec4(inUv0, UV_SETS > 1 ? inUv1 : inUv0);
    gl_Position = camera.viewProj * world;
}
