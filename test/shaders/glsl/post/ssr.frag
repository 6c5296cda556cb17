#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/octahedral.glsl"

// Screen-space reflections: march the reflected ray in view space against the depth buffer,
// then refine the hit with a binary search.
layout(set = 1, binding = 0) uniform sampler2D depthTexture;
layout(set = 1, binding = 1) uniform sampler2D normalRoughness;
layout(set = 1, binding = 2) uniform sampler2D colorTexture;

layout(constant_id = 0) const int MAX_STEPS = 64;
layout(constant_id = 1) const int REFINE_STEPS = 6;
layout(push_constant) uniform Ssr { float stepSize; float thickness; float maxDistance; } ssr;

layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

vec3 viewPos(vec2 uv) {
    return (camera.view * vec4(worldFromDepth(uv, texture(depthTexture, uv).r), 1.0)).xyz;
}

vec2 project(vec3 vp) {
    vec4 c = camera.proj * vec4(vp, 1.0);
    return c.xy / c.w * 0.5 + 0.5;
}

void main() {
    vec4 nr = texture(normalRoughness, inUv);
    if (nr.z > 0.7) { outColor = vec4(0.0); return; }
    vec3 p = viewPos(inUv);
    vec3 n = normalize(mat3(camera.view) * octDecode(nr.xy));
    vec3 r = normalize(reflect(normalize(p), n));
    vec3 step = r * ssr.stepSize;
    vec3 ray = p;
    bool hit = false;
    vec2 hitUv = vec2(0.0);
    for (int i = 0; i < MAX_STEPS; ++i) {
        ray += step;
        vec2 uv = project(ray);
        if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) break;
        float sceneZ = viewPos(uv).z;
        float diff = sceneZ - ray.z;
        if (diff > 0.0 && diff < ssr.thickness) {
            vec3 lo = ray - step, hi = ray;
            for (int j = 0; j < REFINE_STEPS; ++j) {
                vec3 mid = 0.5 * (lo + hi);
                if (viewPos(project(mid)).z > mid.z) hi = mid; else lo = mid;
            }
            hitUv = project(hi);
            hit = true;
            break;
        }
        if (length(ray - p) > ssr.maxDistance) break;
    }
    if (!hit) { outColor = vec4(0.0); return; }
    vec2 edge = smoothstep(vec2(0.0), vec2(0.1), hitUv) * (1.0 - smoothstep(vec2(0.9), vec2(1.0), hitUv));
    float fade = edge.x * edge.y * (1.0 - nr.z / 0.7);
    outColor = vec4(texture(colorTexture, hitUv).rgb, fade);
}
