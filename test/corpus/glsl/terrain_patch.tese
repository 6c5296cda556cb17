#version 450
// Terrain tessellation evaluation: bilinear patch interpolation, heightmap
// displacement through a sampler, finite-difference normals.

layout(quads, fractional_odd_spacing, ccw) in;

layout(set = 0, binding = 0, std140) uniform Params {
    mat4 viewProj;
    vec4 frustumPlanes[6];
    vec2 viewport;
    float tessFactor;
    float maxLevel;
} params;

layout(set = 0, binding = 1) uniform sampler2D heightMap;

layout(push_constant) uniform Push {
    float heightScale;
    float texelSize;
} pc;

layout(location = 0) in vec3 inPos[];
layout(location = 1) in vec2 inUV[];

struct PatchInfo {
    float lodBias;
    uint tileId;
};
layout(location = 2) patch in PatchInfo patchInfo;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUV;
layout(location = 2) flat out uint outTile;

float sampleHeight(vec2 uv) {
    return textureLod(heightMap, uv, patchInfo.lodBias).r * pc.heightScale;
}

vec3 computeNormal(vec2 uv) {
    float hl = sampleHeight(uv - vec2(pc.texelSize, 0.0));
    float hr = sampleHeight(uv + vec2(pc.texelSize, 0.0));
    float hd = sampleHeight(uv - vec2(0.0, pc.texelSize));
    float hu = sampleHeight(uv + vec2(0.0, pc.texelSize));
    return normalize(vec3(hl - hr, 2.0 * pc.texelSize, hd - hu));
}

void main() {
    vec2 t = gl_TessCoord.xy;
    vec2 uv = mix(mix(inUV[0], inUV[1], t.x), mix(inUV[3], inUV[2], t.x), t.y);
    vec3 pos = mix(mix(inPos[0], inPos[1], t.x), mix(inPos[3], inPos[2], t.x), t.y);
    pos.y += sampleHeight(uv);
    outNormal = computeNormal(uv);
    outUV = uv;
    outTile = patchInfo.tileId;
    gl_Position = params.viewProj * vec4(pos, 1.0);
}
