#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/terrain.glsl"

// Four layers blended by a splat map, with height-based blending and triplanar on cliffs.
layout(set = 2, binding = 0) uniform sampler2D splatMap;
layout(set = 2, binding = 1) uniform sampler2DArray layerAlbedo;  // a: height
layout(set = 2, binding = 2) uniform sampler2DArray layerNormal;
layout(push_constant) uniform Layers { layout(offset = 16) vec4 tiling; } layers;

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec2 inUv;
layout(location = 0) out vec4 outColor;

vec4 triplanar(float layer, vec3 p, vec3 n, float tiling) {
    vec3 w = pow(abs(n), vec3(4.0));
    w /= w.x + w.y + w.z;
    return texture(layerAlbedo, vec3(p.zy * tiling, layer)) * w.x
         + texture(layerAlbedo, vec3(p.xz * tiling, layer)) * w.y
         + texture(layerAlbedo, vec3(p.xy * tiling, layer)) * w.z;
}

void main() {
    vec3 n = terrainNormal(inUv);
    vec4 splat = texture(splatMap, inUv);
    vec4 l[4];
    for (int i = 0; i < 4; ++i) l[i] = triplanar(float(i), inWorldPos, n, layers.tiling[i]);
    vec4 h = vec4(l[0].a, l[1].a, l[2].a, l[3].a) + splat;
    float hMax = max(max(h.x, h.y), max(h.z, h.w)) - 0.2;
    vec4 w = max(h - hMax, 0.0);
    w /= max(w.x + w.y + w.z + w.w, 1e-4);
    vec3 albedo = l[0].rgb * w.x + l[1].rgb * w.y + l[2].rgb * w.z + l[3].rgb * w.w;
    float ndl = max(dot(n, normalize(vec3(0.3, 1.0, 0.4))), 0.0);
    outColor = vec4(albedo * (0.15 + 0.85 * ndl), 1.0);
}
