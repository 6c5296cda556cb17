// target-env: vulkan1.2
#version 460
#extension GL_EXT_ray_query : require
#extension GL_GOOGLE_include_directive : require
#include "../include/rt_common.glsl"
// Inline ray tracing from compute: shadow mask from the depth buffer, no pipeline or SBT.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform accelerationStructureEXT topLevel;
layout(set = 0, binding = 1) uniform sampler2D depthTexture;
layout(set = 0, binding = 2) uniform sampler2D normalTexture;
layout(set = 0, binding = 3, r8) uniform writeonly image2D shadowMask;
layout(push_constant) uniform Params { mat4 invViewProj; vec4 sunDirection; } params;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = textureSize(depthTexture, 0);
    if (any(greaterThanEqual(p, size))) return;
    float depth = texelFetch(depthTexture, p, 0).r;
    if (depth == 1.0) { imageStore(shadowMask, p, vec4(1.0)); return; }
    vec2 uv = (vec2(p) + 0.5) / vec2(size);
    vec4 w = params.invViewProj * vec4(uv * 2.0 - 1.0, depth, 1.0);
    vec3 pos = w.xyz / w.w;
    vec3 n = normalize(texelFetch(normalTexture, p, 0).xyz * 2.0 - 1.0);
    rayQueryEXT rq;
    rayQueryInitializeEXT(rq, topLevel, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsOpaqueEXT, 0xff,
                          offsetRay(pos, n), 0.0, -normalize(params.sunDirection.xyz), 1e4);
    while (rayQueryProceedEXT(rq)) {}
    bool lit = rayQueryGetIntersectionTypeEXT(rq, true) == gl_RayQueryCommittedIntersectionNoneEXT;
    imageStore(shadowMask, p, vec4(lit ? 1.0 : 0.0));
}
