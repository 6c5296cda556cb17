#version 450
// 4x4 PCF from four textureGather calls with bilinear weights (a smooth 3x3 filter).
layout(set = 0, binding = 0) uniform sampler2DShadow shadowMap;
layout(location = 0) in vec4 inShadowCoord;
layout(location = 0) out vec4 outColor;
void main() {
    vec3 c = inShadowCoord.xyz / inShadowCoord.w;
    vec2 size = vec2(textureSize(shadowMap, 0));
    vec2 uv = c.xy * size - 0.5;
    vec2 base = (floor(uv) + 0.5) / size;
    vec2 f = fract(uv);
    vec4 g00 = textureGather(shadowMap, base + vec2(-0.5, -0.5) / size, c.z);
    vec4 g10 = textureGather(shadowMap, base + vec2(1.5, -0.5) / size, c.z);
    vec4 g01 = textureGather(shadowMap, base + vec2(-0.5, 1.5) / size, c.z);
    vec4 g11 = textureGather(shadowMap, base + vec2(1.5, 1.5) / size, c.z);
    // Gather returns (c0,r1) (c1,r1) (c1,r0) (c0,r0) of its 2x2 footprint; the 4x4 texels are
    // weighted by column (1-f.x, 1, 1, f.x) and row (1-f.y, 1, 1, f.y): a tent over 3x3 texels.
    vec4 cw = vec4(1.0 - f.x, 1.0, 1.0, f.x);
    vec4 rw = vec4(1.0 - f.y, 1.0, 1.0, f.y);
    vec4 r0 = vec4(g00.w, g00.z, g10.w, g10.z);
    vec4 r1 = vec4(g00.x, g00.y, g10.x, g10.y);
    vec4 r2 = vec4(g01.w, g01.z, g11.w, g11.z);
    vec4 r3 = vec4(g01.x, g01.y, g11.x, g11.y);
    float s = dot(rw, vec4(dot(r0, cw), dot(r1, cw), dot(r2, cw), dot(r3, cw))) / 9.0;
    outColor = vec4(vec3(s), 1.0);
}
