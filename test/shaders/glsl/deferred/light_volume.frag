#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/gbuffer.glsl"
#include "../include/brdf.glsl"
#include "../include/lights.glsl"

layout(set = 1, binding = 0, std430) readonly buffer Lights { Light lights[]; };
layout(set = 2, binding = 0) uniform sampler2D gRt0;
layout(set = 2, binding = 1) uniform sampler2D gRt1;
layout(set = 2, binding = 2) uniform sampler2D gRt2;
layout(set = 2, binding = 3) uniform sampler2D gDepth;

layout(location = 0) flat in uint inLight;
layout(location = 1) in vec4 inClip;
layout(location = 0) out vec4 outColor; // additive blending

void main() {
    vec2 uv = gl_FragCoord.xy / camera.viewport;
    float depth = texelFetch(gDepth, ivec2(gl_FragCoord.xy), 0).r;
    ivec2 px = ivec2(gl_FragCoord.xy);
    SurfaceData s = unpackGbuffer(texelFetch(gRt0, px, 0), texelFetch(gRt1, px, 0), texelFetch(gRt2, px, 0));
    vec3 p = worldFromDepth(uv, depth);
    vec3 l;
    vec3 radiance = lightRadiance(lights[inLight], p, l);
    if (all(equal(radiance, vec3(0.0)))) discard;
    vec3 v = normalize(camera.position.xyz - p);
    outColor = vec4(evaluateBrdf(s.normal, v, l, s.albedo, s.metallic, s.roughness, radiance), 0.0);
}
