#version 450
// Terrain tessellation control: screen-space adaptive levels computed in a
// helper, per-patch output struct, barrier, and a frustum cull.

layout(vertices = 4) out;

layout(set = 0, binding = 0, std140) uniform Params {
    mat4 viewProj;
    vec4 frustumPlanes[6];
    vec2 viewport;
    float tessFactor;
    float maxLevel;
} params;

layout(location = 0) in vec3 inPos[];
layout(location = 1) in vec2 inUV[];

layout(location = 0) out vec3 outPos[];
layout(location = 1) out vec2 outUV[];

struct PatchInfo {
    float lodBias;
    uint tileId;
};
layout(location = 2) patch out PatchInfo patchInfo;

float screenSpaceLevel(vec3 a, vec3 b) {
    vec4 ca = params.viewProj * vec4(a, 1.0);
    vec4 cb = params.viewProj * vec4(b, 1.0);
    vec2 sa = ca.xy / max(ca.w, 1e-3) * params.viewport * 0.5;
    vec2 sb = cb.xy / max(cb.w, 1e-3) * params.viewport * 0.5;
    return clamp(distance(sa, sb) / params.tessFactor, 1.0, params.maxLevel);
}

bool sphereVisible(vec3 center, float radius) {
    for (int i = 0; i < 6; ++i) {
        if (dot(vec4(center, 1.0), params.frustumPlanes[i]) + radius < 0.0) {
            return false;
        }
    }
    return true;
}

void main() {
    outPos[gl_InvocationID] = inPos[gl_InvocationID];
    outUV[gl_InvocationID] = inUV[gl_InvocationID];

    barrier();

    if (gl_InvocationID == 0) {
        vec3 center = (inPos[0] + inPos[1] + inPos[2] + inPos[3]) * 0.25;
        float radius = distance(inPos[0], inPos[2]) * 0.5;
        if (!sphereVisible(center, radius)) {
            gl_TessLevelOuter[0] = 0.0;
            gl_TessLevelOuter[1] = 0.0;
            gl_TessLevelOuter[2] = 0.0;
            gl_TessLevelOuter[3] = 0.0;
            gl_TessLevelInner[0] = 0.0;
            gl_TessLevelInner[1] = 0.0;
        } else {
            gl_TessLevelOuter[0] = screenSpaceLevel(inPos[3], inPos[0]);
            gl_TessLevelOuter[1] = screenSpaceLevel(inPos[0], inPos[1]);
            gl_TessLevelOuter[2] = screenSpaceLevel(inPos[1], inPos[2]);
            gl_TessLevelOuter[3] = screenSpaceLevel(inPos[2], inPos[3]);
            gl_TessLevelInner[0] = mix(gl_TessLevelOuter[0], gl_TessLevelOuter[3], 0.5);
            gl_TessLevelInner[1] = mix(gl_TessLevelOuter[2], gl_TessLevelOuter[1], 0.5);
        }
        patchInfo.lodBias = log2(gl_TessLevelInner[0] + 1.0);
        patchInfo.tileId = uint(gl_PrimitiveID);
    }
}
