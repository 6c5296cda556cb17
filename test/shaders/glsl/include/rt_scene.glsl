// Descriptor layout of the ray-tracing passes: the TLAS and camera at set 0, scene data at set 1.
// The including shader enables GL_EXT_ray_tracing (or GL_EXT_ray_query).
#ifndef RT_SCENE_GLSL
#define RT_SCENE_GLSL
#include "rt_common.glsl"

layout(set = 0, binding = 0) uniform accelerationStructureEXT topLevel;
layout(set = 0, binding = 2, std140) uniform RtCamera {
    mat4 viewInverse;
    mat4 projInverse;
    vec4 lensParams;   // x aperture, y focus distance
    uint frame;
    uint samplesPerPixel;
    uint maxDepth;
    uint flags;
} rtCamera;

layout(set = 1, binding = 0, std430) readonly buffer Materials { GpuMaterial materials[]; };
layout(set = 1, binding = 1, std430) readonly buffer InstanceInfo { GpuInstance instanceInfo[]; };
layout(set = 1, binding = 2, std430) readonly buffer SceneIndices { uint sceneIndices[]; };
layout(set = 1, binding = 3, std430) readonly buffer SceneVertices { GpuVertex sceneVertices[]; };
layout(set = 1, binding = 4) uniform sampler2D sceneTextures[256];
layout(set = 1, binding = 5) uniform samplerCube environmentMap;

// Primary ray through pixel `pixel` + `jitter` of an image of `size`.
void cameraRay(vec2 pixel, vec2 size, out vec3 origin, out vec3 direction) {
    vec2 ndc = pixel / size * 2.0 - 1.0;
    origin = (rtCamera.viewInverse * vec4(0.0, 0.0, 0.0, 1.0)).xyz;
    vec4 target = rtCamera.projInverse * vec4(ndc, 1.0, 1.0);
    direction = normalize((rtCamera.viewInverse * vec4(normalize(target.xyz), 0.0)).xyz);
}

#endif
