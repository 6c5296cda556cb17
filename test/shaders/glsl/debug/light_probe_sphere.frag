#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/octahedral.glsl"
// Shows each probe's irradiance, stored as octahedral 8x8 tiles in one atlas.
layout(set = 1, binding = 1) uniform sampler2D irradianceAtlas;
layout(set = 1, binding = 2) uniform ProbeAtlas { int probesPerRow; } atlas;
layout(location = 0) in vec3 inNormal;
layout(location = 1) flat in int inProbe;
layout(location = 0) out vec4 outColor;
void main() {
    vec2 tile = vec2(inProbe % atlas.probesPerRow, inProbe / atlas.probesPerRow);
    vec2 texel = 1.0 / vec2(textureSize(irradianceAtlas, 0));
    // Each tile has a one-texel border for bilinear filtering.
    vec2 uv = (tile * 10.0 + 1.0 + octEncode(normalize(inNormal)) * 8.0) * texel;
    outColor = vec4(texture(irradianceAtlas, uv).rgb, 1.0);
}
