#version 450
// UI panels: a signed-distance rounded rectangle with border and drop shadow, no textures.
layout(location = 0) in vec2 inLocal;      // pixels from the rectangle's centre
layout(location = 1) flat in vec4 inSizeRadius; // half size xy, corner radius z, border w
layout(location = 2) flat in vec4 inFill;
layout(location = 3) flat in vec4 inBorder;
layout(location = 0) out vec4 outColor;

float roundedBox(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + r;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

void main() {
    float d = roundedBox(inLocal, inSizeRadius.xy, inSizeRadius.z);
    float aa = fwidth(d);
    float inside = 1.0 - smoothstep(-aa, aa, d);
    float border = inside * smoothstep(-aa, aa, d + inSizeRadius.w);
    float shadow = (1.0 - smoothstep(0.0, 12.0, roundedBox(inLocal - vec2(0.0, 4.0), inSizeRadius.xy, inSizeRadius.z))) * 0.35;
    vec4 c = mix(inFill, inBorder, border);
    outColor = vec4(c.rgb, max(c.a * inside, shadow * (1.0 - inside)));
}
