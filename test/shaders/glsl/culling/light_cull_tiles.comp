#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/lights.glsl"
// Forward+: per 16x16 tile, build a frustum from the tile's depth bounds and list the lights in it.
layout(local_size_x = 16, local_size_y = 16) in;

const uint MAX_LIGHTS_PER_TILE = 256u;

layout(set = 1, binding = 0) uniform sampler2D depthTexture;
layout(set = 1, binding = 1, std430) readonly buffer LightList { uint lightCount; uint pad[3]; Light lights[]; };
layout(set = 1, binding = 2, std430) writeonly buffer TileLights { uint tileData[]; }; // count + indices per tile

shared uint minDepthBits;
shared uint maxDepthBits;
shared uint tileLightCount;
shared uint tileLightIndices[MAX_LIGHTS_PER_TILE];

void main() {
    uint lid = gl_LocalInvocationIndex;
    if (lid == 0u) {
        minDepthBits = 0x7f7fffffu;
        maxDepthBits = 0u;
        tileLightCount = 0u;
    }
    barrier();
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    float d = texelFetch(depthTexture, min(p, textureSize(depthTexture, 0) - 1), 0).r;
    float z = linearDepth(d);
    // Positive floats order like their bits.
    atomicMin(minDepthBits, floatBitsToUint(z));
    atomicMax(maxDepthBits, floatBitsToUint(z));
    barrier();
    float minZ = uintBitsToFloat(minDepthBits);
    float maxZ = uintBitsToFloat(maxDepthBits);

    vec2 tileScale = camera.viewport / (2.0 * 16.0);
    vec2 tileBias = tileScale - vec2(gl_WorkGroupID.xy);
    vec4 c1 = vec4(camera.proj[0][0] * tileScale.x, 0.0, tileBias.x, 0.0);
    vec4 c2 = vec4(0.0, -camera.proj[1][1] * tileScale.y, tileBias.y, 0.0);
    vec4 c4 = vec4(0.0, 0.0, 1.0, 0.0);
    vec4 planes[4] = vec4[](c4 - c1, c4 + c1, c4 - c2, c4 + c2);
    for (int i = 0; i < 4; ++i) planes[i] /= length(planes[i].xyz);

    for (uint i = lid; i < lightCount; i += 256u) {
        Light l = lights[i];
        bool inside = true;
        if (lightType(l) != LIGHT_DIRECTIONAL) {
            vec3 v = (camera.view * vec4(l.positionRange.xyz, 1.0)).xyz;
            float r = l.positionRange.w;
            if (-v.z + r < minZ || -v.z - r > maxZ) inside = false;
            for (int k = 0; k < 4 && inside; ++k) inside = dot(planes[k].xyz, v) + planes[k].w >= -r;
        }
        if (inside) {
            uint slot = atomicAdd(tileLightCount, 1u);
            if (slot < MAX_LIGHTS_PER_TILE) tileLightIndices[slot] = i;
        }
    }
    barrier();
    uint tileIndex = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint base = tileIndex * (MAX_LIGHTS_PER_TILE + 1u);
    uint count = min(tileLightCount, MAX_LIGHTS_PER_TILE);
    if (lid == 0u) tileData[base] = count;
    for (uint i = lid; i < count; i += 256u) tileData[base + 1u + i] = tileLightIndices[i];
}
