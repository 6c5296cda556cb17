// target-env: vulkan1.2
#version 460
#extension GL_EXT_ray_query : require
// Ray-query shadows in a forward fragment shader, alpha-tested candidates handled in the loop.
layout(set = 0, binding = 0) uniform accelerationStructureEXT topLevel;
layout(set = 1, binding = 0) uniform sampler2D albedo;
layout(set = 1, binding = 1, std430) readonly buffer TriangleUvs { vec2 triangleUvs[]; }; // 3 per primitive
layout(set = 1, binding = 2) uniform sampler2D alphaMask;
layout(push_constant) uniform Sun { vec4 direction; } sun;
layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec3 n = normalize(inNormal);
    vec3 l = -normalize(sun.direction.xyz);
    rayQueryEXT rq;
    rayQueryInitializeEXT(rq, topLevel, gl_RayFlagsNoneEXT, 0xff, inWorldPos + n * 0.01, 0.0, l, 1e4);
    while (rayQueryProceedEXT(rq)) {
        if (rayQueryGetIntersectionTypeEXT(rq, false) == gl_RayQueryCandidateIntersectionTriangleEXT) {
            int prim = rayQueryGetIntersectionPrimitiveIndexEXT(rq, false);
            vec2 b = rayQueryGetIntersectionBarycentricsEXT(rq, false);
            vec2 uv = triangleUvs[prim * 3] * (1.0 - b.x - b.y) + triangleUvs[prim * 3 + 1] * b.x + triangleUvs[prim * 3 + 2] * b.y;
            if (textureLod(alphaMask, uv, 0.0).r >= 0.5) rayQueryConfirmIntersectionEXT(rq);
        }
    }
    float shadow = rayQueryGetIntersectionTypeEXT(rq, true) == gl_RayQueryCommittedIntersectionNoneEXT ? 1.0 : 0.0;
    vec3 c = texture(albedo, inUv).rgb;
    outColor = vec4(c * (0.1 + shadow * max(dot(n, l), 0.0)), 1.0);
}
