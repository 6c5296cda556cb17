#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

struct Decal { mat4 worldFromBox; mat4 boxFromWorld; vec4 atlasRect; vec4 tint; };
layout(set = 1, binding = 0, std430) readonly buffer Decals { Decal decals[]; };
layout(set = 1, binding = 1) uniform sampler2D sceneDepth;
layout(set = 1, binding = 2) uniform sampler2D decalAtlas;

layout(location = 0) flat in uint inDecal;
layout(location = 0) out vec4 outAlbedo;

void main() {
    vec2 uv = gl_FragCoord.xy / camera.viewport;
    vec3 world = worldFromDepth(uv, texture(sceneDepth, uv).r);
    Decal d = decals[inDecal];
    vec3 box = (d.boxFromWorld * vec4(world, 1.0)).xyz;
    if (any(greaterThan(abs(box), vec3(0.5)))) discard;
    vec2 decalUv = mix(d.atlasRect.xy, d.atlasRect.zw, box.xz + 0.5);
    vec4 c = texture(decalAtlas, decalUv) * d.tint;
    // Fade out towards the box's top and bottom so projection stretching is hidden.
    c.a *= 1.0 - smoothstep(0.35, 0.5, abs(box.y));
    outAlbedo = c;
}
