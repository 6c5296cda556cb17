#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/culling.glsl"
// Second-phase occlusion culling against last frame's depth pyramid.
layout(local_size_x = 64) in;

struct Object { vec4 sphere; uint visibleLastFrame; uint pad[3]; };
layout(set = 1, binding = 0, std430) buffer Objects { Object objects[]; };
layout(set = 1, binding = 1) uniform sampler2D depthPyramid;
layout(set = 1, binding = 2, std430) writeonly buffer Visible { uint visibleIds[]; };
layout(set = 1, binding = 3, std430) buffer VisibleCount { uint visibleCount; };
layout(push_constant) uniform Params { uint objectCount; vec2 pyramidSize; } params;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.objectCount) return;
    vec4 sphere = objects[i].sphere;
    bool visible = sphereInFrustum(camera.frustum, sphere.xyz, sphere.w);
    if (visible) {
        vec3 c = (camera.view * vec4(sphere.xyz, 1.0)).xyz;
        vec4 aabb;
        if (projectSphere(c, sphere.w, camera.nearPlane, camera.proj[0][0], camera.proj[1][1], aabb)) {
            vec2 extent = (aabb.zw - aabb.xy) * params.pyramidSize;
            float level = floor(log2(max(extent.x, extent.y)));
            float depth = textureLod(depthPyramid, (aabb.xy + aabb.zw) * 0.5, level).r;
            float sphereDepth = camera.nearPlane / (-c.z - sphere.w); // reversed-Z depth of the nearest point
            visible = sphereDepth >= depth;
        }
    }
    if (visible && objects[i].visibleLastFrame == 0u) {
        visibleIds[atomicAdd(visibleCount, 1u)] = i;
    }
    objects[i].visibleLastFrame = visible ? 1u : 0u;
}
