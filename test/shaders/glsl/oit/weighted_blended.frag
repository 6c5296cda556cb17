#version 450
// Weighted blended OIT (McGuire & Bavoil 2013): accumulate, weighted by depth, in one pass.
layout(location = 0) in vec4 inColor;
layout(location = 0) out vec4 outAccum;    // blend ONE, ONE
layout(location = 1) out float outReveal;  // blend ZERO, ONE_MINUS_SRC_COLOR
void main() {
    vec4 c = vec4(inColor.rgb * inColor.a, inColor.a);
    float z = gl_FragCoord.z;
    float w = clamp(pow(min(1.0, c.a * 10.0) + 0.01, 3.0) * 1e8 * pow(1.0 - z * 0.9, 3.0), 1e-2, 3e3);
    outAccum = c * w;
    outReveal = c.a;
}
