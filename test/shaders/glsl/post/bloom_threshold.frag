#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/common.glsl"

layout(set = 0, binding = 0) uniform sampler2D hdrColor;
layout(push_constant) uniform Threshold { float threshold; float knee; } pc;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 c = texture(hdrColor, inUv).rgb;
    float brightness = max(c.r, max(c.g, c.b));
    // Soft knee: a quadratic ramp around the threshold instead of a hard cut.
    float soft = clamp(brightness - pc.threshold + pc.knee, 0.0, 2.0 * pc.knee);
    soft = soft * soft / (4.0 * pc.knee + EPSILON);
    float contribution = max(soft, brightness - pc.threshold) / max(brightness, EPSILON);
    outColor = vec4(c * contribution, 1.0);
}
