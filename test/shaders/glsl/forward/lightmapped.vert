#version 450

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec2 inUv;
layout(location = 2) in vec2 inLightmapUv;

layout(set = 0, binding = 0) uniform Frame { mat4 viewProj; } frame;
layout(push_constant) uniform Draw { mat4 model; vec4 lightmapScaleOffset; } draw;

layout(location = 0) out vec2 outUv;
layout(location = 1) out vec2 outLightmapUv;

void main() {
    outUv = inUv;
    // Every object has its own rectangle in the shared lightmap atlas.
    outLightmapUv = inLightmapUv * draw.lightmapScaleOffset.xy + draw.lightmapScaleOffset.zw;
    gl_Position = frame.viewProj * draw.model * vec4(inPosition, 1.0);
}
