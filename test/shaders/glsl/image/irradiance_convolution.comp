#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"
// Diffuse irradiance cube map by brute-force hemisphere integration.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform samplerCube environment;
layout(set = 0, binding = 1, rgba16f) uniform writeonly imageCube irradiance;
layout(push_constant) uniform Params { float sampleDelta; } params;

vec3 faceDirection(uint face, vec2 uv) {
    if (face == 0u) return vec3(1.0, -uv.y, -uv.x);
    if (face == 1u) return vec3(-1.0, -uv.y, uv.x);
    if (face == 2u) return vec3(uv.x, 1.0, uv.y);
    if (face == 3u) return vec3(uv.x, -1.0, -uv.y);
    if (face == 4u) return vec3(uv.x, -uv.y, 1.0);
    return vec3(-uv.x, -uv.y, -1.0);
}

void main() {
    ivec2 size = imageSize(irradiance);
    if (any(greaterThanEqual(ivec2(gl_GlobalInvocationID.xy), size))) return;
    vec2 uv = (vec2(gl_GlobalInvocationID.xy) + 0.5) / vec2(size) * 2.0 - 1.0;
    vec3 n = normalize(faceDirection(gl_GlobalInvocationID.z, uv));
    vec3 t, b;
    basisFromNormal(n, t, b);
    vec3 sum = vec3(0.0);
    float count = 0.0;
    for (float phi = 0.0; phi < TWO_PI; phi += params.sampleDelta) {
        for (float theta = 0.0; theta < 0.5 * PI; theta += params.sampleDelta) {
            vec3 local = vec3(sin(theta) * cos(phi), sin(theta) * sin(phi), cos(theta));
            vec3 d = local.x * t + local.y * b + local.z * n;
            sum += textureLod(environment, d, 0.0).rgb * cos(theta) * sin(theta);
            count += 1.0;
        }
    }
    imageStore(irradiance, ivec3(gl_GlobalInvocationID), vec4(PI * sum / count, 1.0));
}
