#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/terrain.glsl"

// Geometry clipmap ring: the grid snaps to its level's texel size around the camera, and vertices
// near the outer edge morph towards the coarser level so rings meet without cracks.
layout(location = 0) in vec2 inGrid;

layout(push_constant) uniform Level {
    float scale;
    float gridSize;
} level;

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec2 outUv;
layout(location = 2) out float outMorph;

void main() {
    vec2 snapped = floor(camera.position.xz / (level.scale * 2.0)) * level.scale * 2.0;
    vec2 world = snapped + inGrid * level.scale;
    vec2 fromCenter = abs(world - camera.position.xz) / (level.gridSize * level.scale * 0.5);
    float morph = smoothstep(0.7, 0.95, max(fromCenter.x, fromCenter.y));
    vec2 coarse = floor(world / (level.scale * 2.0)) * level.scale * 2.0;
    world = mix(world, coarse, morph * vec2(equal(mod(inGrid, 2.0), vec2(1.0))));
    vec2 uv = terrainUv(vec3(world.x, 0.0, world.y));
    vec3 p = vec3(world.x, terrainHeight(uv), world.y);
    outWorldPos = p;
    outUv = uv;
    outMorph = morph;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
