#version 450

layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec2 inUv;

layout(set = 2, binding = 0) uniform sampler2D leafTexture;
layout(constant_id = 0) const float ALPHA_CUTOFF = 0.5;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(leafTexture, inUv);
    // Sharpen alpha by its screen-space rate of change so mip levels do not make leaves vanish.
    float a = (c.a - ALPHA_CUTOFF) / max(fwidth(c.a), 1e-4) + 0.5;
    if (a < 0.5) discard;
    vec3 n = normalize(gl_FrontFacing ? inNormal : -inNormal);
    float wrap = max(0.0, (dot(n, normalize(vec3(0.3, 1.0, 0.2))) + 0.5) / 1.5);
    outColor = vec4(c.rgb * (0.2 + 0.8 * wrap), 1.0);
}
