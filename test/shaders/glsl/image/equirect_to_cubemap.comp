#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(set = 0, binding = 0) uniform sampler2D equirect;
layout(set = 0, binding = 1, rgba16f) uniform writeonly imageCube cube;

vec3 cubeDirection(uvec3 id, float size) {
    vec2 uv = (vec2(id.xy) + 0.5) / size * 2.0 - 1.0;
    switch (id.z) {
        case 0u: return normalize(vec3(1.0, -uv.y, -uv.x));
        case 1u: return normalize(vec3(-1.0, -uv.y, uv.x));
        case 2u: return normalize(vec3(uv.x, 1.0, uv.y));
        case 3u: return normalize(vec3(uv.x, -1.0, -uv.y));
        case 4u: return normalize(vec3(uv.x, -uv.y, 1.0));
        default: return normalize(vec3(-uv.x, -uv.y, -1.0));
    }
}

void main() {
    float size = float(imageSize(cube).x);
    if (float(gl_GlobalInvocationID.x) >= size || float(gl_GlobalInvocationID.y) >= size) return;
    vec3 d = cubeDirection(gl_GlobalInvocationID, size);
    vec2 uv = vec2(atan(d.z, d.x) / TWO_PI + 0.5, acos(d.y) / PI);
    imageStore(cube, ivec3(gl_GlobalInvocationID), vec4(textureLod(equirect, uv, 0.0).rgb, 1.0));
}
