#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Clustered shading: view-space AABB of each froxel, exponential depth slices.
layout(local_size_x = 16, local_size_y = 9, local_size_z = 4) in;
struct Cluster { vec4 minPoint; vec4 maxPoint; };
layout(set = 1, binding = 0, std430) writeonly buffer Clusters { Cluster clusters[]; };

vec3 screenToView(vec2 ndc) {
    vec4 v = inverse(camera.proj) * vec4(ndc, 1.0, 1.0);
    return v.xyz / v.w;
}

vec3 lineToPlane(vec3 dir, float z) { return dir * (z / dir.z); }

void main() {
    uvec3 grid = gl_NumWorkGroups * gl_WorkGroupSize;
    uvec3 id = gl_GlobalInvocationID;
    uint index = id.x + id.y * grid.x + id.z * grid.x * grid.y;
    vec2 tile = 2.0 / vec2(grid.xy);
    vec3 minDir = screenToView(vec2(id.xy) * tile - 1.0);
    vec3 maxDir = screenToView(vec2(id.xy + 1u) * tile - 1.0);
    float ratio = camera.farPlane / camera.nearPlane;
    float zNear = -camera.nearPlane * pow(ratio, float(id.z) / float(grid.z));
    float zFar = -camera.nearPlane * pow(ratio, float(id.z + 1u) / float(grid.z));
    vec3 a = lineToPlane(minDir, zNear), b = lineToPlane(minDir, zFar);
    vec3 c = lineToPlane(maxDir, zNear), d = lineToPlane(maxDir, zFar);
    clusters[index] = Cluster(vec4(min(min(a, b), min(c, d)), 0.0), vec4(max(max(a, b), max(c, d)), 0.0));
}
