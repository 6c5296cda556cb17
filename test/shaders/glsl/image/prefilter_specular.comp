#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"
#include "../include/sampling.glsl"
#include "../include/brdf.glsl"
// GGX-prefiltered environment for one roughness level (split-sum), with PDF-based source mip.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform samplerCube environment;
layout(set = 0, binding = 1, rgba16f) uniform writeonly imageCube prefiltered;
layout(push_constant) uniform Params { float roughness; uint sampleCount; } params;

vec2 hammersley(uint i, uint n) {
    return vec2(float(i) / float(n), float(bitfieldReverse(i)) * 2.3283064365386963e-10);
}

vec3 faceDirection(uint face, vec2 uv) {
    vec3 dirs[6] = vec3[](vec3(1.0, -uv.y, -uv.x), vec3(-1.0, -uv.y, uv.x), vec3(uv.x, 1.0, uv.y),
                          vec3(uv.x, -1.0, -uv.y), vec3(uv.x, -uv.y, 1.0), vec3(-uv.x, -uv.y, -1.0));
    return dirs[face];
}

void main() {
    ivec2 size = imageSize(prefiltered);
    if (any(greaterThanEqual(ivec2(gl_GlobalInvocationID.xy), size))) return;
    vec2 uv = (vec2(gl_GlobalInvocationID.xy) + 0.5) / vec2(size) * 2.0 - 1.0;
    vec3 n = normalize(faceDirection(gl_GlobalInvocationID.z, uv));
    float envSize = float(textureSize(environment, 0).x);
    float saTexel = 4.0 * PI / (6.0 * envSize * envSize);
    vec3 sum = vec3(0.0);
    float weight = 0.0;
    for (uint i = 0u; i < params.sampleCount; ++i) {
        vec3 h = sampleGgx(hammersley(i, params.sampleCount), n, params.roughness);
        vec3 l = normalize(2.0 * dot(n, h) * h - n);
        float ndl = dot(n, l);
        if (ndl <= 0.0) continue;
        float pdf = distributionGgx(max(dot(n, h), 0.0), params.roughness) * 0.25 + 1e-4;
        float saSample = 1.0 / (float(params.sampleCount) * pdf);
        float mip = params.roughness == 0.0 ? 0.0 : 0.5 * log2(saSample / saTexel);
        sum += textureLod(environment, l, mip).rgb * ndl;
        weight += ndl;
    }
    imageStore(prefiltered, ivec3(gl_GlobalInvocationID), vec4(sum / max(weight, 1e-4), 1.0));
}
