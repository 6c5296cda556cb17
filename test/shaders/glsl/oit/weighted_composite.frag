#version 450
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput accum;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform subpassInput reveal;
layout(location = 0) out vec4 outColor;
void main() {
    float r = subpassLoad(reveal).r;
    if (r == 1.0) discard;
    vec4 a = subpassLoad(accum);
    if (isinf(max(max(abs(a.r), abs(a.g)), abs(a.b)))) a.rgb = vec3(a.a);
    outColor = vec4(a.rgb / max(a.a, 1e-5), 1.0 - r);
}
