#version 450
layout(location = 0) noperspective in vec3 inBary;
layout(push_constant) uniform Wire { layout(offset = 64) vec4 color; float width; } wire;
layout(location = 0) out vec4 outColor;
void main() {
    vec3 d = fwidth(inBary);
    vec3 a = smoothstep(vec3(0.0), d * wire.width, inBary);
    float edge = 1.0 - min(a.x, min(a.y, a.z));
    if (edge < 0.01) discard;
    outColor = vec4(wire.color.rgb, wire.color.a * edge);
}
