#version 450
layout(set = 0, binding = 0) uniform sampler2D ldrColor;
layout(set = 0, binding = 1) uniform sampler3D gradingLut;
layout(push_constant) uniform Grade { float lutSize; float blend; } grade;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec3 c = texture(ldrColor, inUv).rgb;
    // Sample at texel centres: scale and offset so 0 and 1 land on the first and last texels.
    vec3 lutUv = c * ((grade.lutSize - 1.0) / grade.lutSize) + 0.5 / grade.lutSize;
    outColor = vec4(mix(c, texture(gradingLut, lutUv).rgb, grade.blend), 1.0);
}
