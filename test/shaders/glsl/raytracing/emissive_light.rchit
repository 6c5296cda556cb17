#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_hit.glsl"
// Area lights are emissive meshes: the path ends on them.
layout(location = 0) rayPayloadInEXT HitPayload payload;
hitAttributeEXT vec2 attribs;
void main() {
    GpuMaterial m = materials[instanceInfo[gl_InstanceCustomIndexEXT].materialIndex];
    bool front = gl_HitKindEXT == gl_HitKindFrontFacingTriangleEXT;
    payload.radiance += front ? payload.throughput * m.emission.rgb * m.emission.a : vec3(0.0);
    payload.done = true;
}
