#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"
// Bakes exposure, white balance, contrast and saturation into a 32^3 grading LUT once per change.
layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;
layout(set = 0, binding = 0, rgba8) uniform writeonly image3D lut;
layout(set = 0, binding = 1, std140) uniform Grading {
    vec4 whiteBalance;  // rgb multipliers
    vec4 lift;
    vec4 gamma;
    vec4 gain;
    float contrast;
    float saturation;
} grading;
void main() {
    ivec3 p = ivec3(gl_GlobalInvocationID);
    vec3 c = vec3(p) / vec3(imageSize(lut) - 1);
    c = srgbToLinear(c) * grading.whiteBalance.rgb;
    c = pow(max(c * grading.gain.rgb + grading.lift.rgb * (1.0 - c), 0.0), 1.0 / grading.gamma.rgb);
    float l = dot(c, vec3(0.2126, 0.7152, 0.0722));
    c = mix(vec3(l), c, grading.saturation);
    c = (c - 0.18) * grading.contrast + 0.18;
    imageStore(lut, p, vec4(linearToSrgb(clamp(c, 0.0, 1.0)), 1.0));
}
