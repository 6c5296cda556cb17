// Terrain parameters and height lookup shared by the tessellation and shading passes.
#ifndef TERRAIN_GLSL
#define TERRAIN_GLSL

layout(set = 1, binding = 0, std140) uniform TerrainBlock {
    vec4 worldOrigin;     // xz origin of the heightmap, y base height
    vec2 worldSize;
    float heightScale;
    float tessFactor;
    float minTess;
    float maxTess;
    float tessDistance;
    float pad;
} terrain;

layout(set = 1, binding = 1) uniform sampler2D heightMap;

vec2 terrainUv(vec3 worldPos) {
    return (worldPos.xz - terrain.worldOrigin.xz) / terrain.worldSize;
}

float terrainHeight(vec2 uv) {
    return terrain.worldOrigin.y + textureLod(heightMap, uv, 0.0).r * terrain.heightScale;
}

vec3 terrainNormal(vec2 uv) {
    vec2 texel = 1.0 / vec2(textureSize(heightMap, 0));
    float hl = terrainHeight(uv - vec2(texel.x, 0.0));
    float hr = terrainHeight(uv + vec2(texel.x, 0.0));
    float hd = terrainHeight(uv - vec2(0.0, texel.y));
    float hu = terrainHeight(uv + vec2(0.0, texel.y));
    vec2 step = 2.0 * texel * terrain.worldSize;
    return normalize(vec3((hl - hr) / step.x, 1.0, (hd - hu) / step.y));
}

#endif
