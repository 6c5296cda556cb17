#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/lights.glsl"
layout(local_size_x = 128) in;
struct Cluster { vec4 minPoint; vec4 maxPoint; };
layout(set = 1, binding = 0, std430) readonly buffer Clusters { Cluster clusters[]; };
layout(set = 1, binding = 1, std430) readonly buffer LightList { uint lightCount; uint pad[3]; Light lights[]; };
layout(set = 1, binding = 2, std430) writeonly buffer ClusterLights { uvec2 ranges[]; }; // offset, count
layout(set = 1, binding = 3, std430) buffer LightIndices { uint nextIndex; uint indices[]; };
layout(push_constant) uniform Params { uint clusterCount; } params;

float sqDistPointAabb(vec3 p, vec3 mn, vec3 mx) {
    vec3 d = max(mn - p, 0.0) + max(p - mx, 0.0);
    return dot(d, d);
}

void main() {
    uint c = gl_GlobalInvocationID.x;
    if (c >= params.clusterCount) return;
    Cluster cl = clusters[c];
    uint local[64];
    uint n = 0u;
    for (uint i = 0u; i < lightCount && n < 64u; ++i) {
        vec3 v = (camera.view * vec4(lights[i].positionRange.xyz, 1.0)).xyz;
        float r = lights[i].positionRange.w;
        if (sqDistPointAabb(v, cl.minPoint.xyz, cl.maxPoint.xyz) <= r * r) local[n++] = i;
    }
    uint offset = atomicAdd(nextIndex, n);
    for (uint k = 0u; k < n; ++k) indices[offset + k] = local[k];
    ranges[c] = uvec2(offset, n);
}
