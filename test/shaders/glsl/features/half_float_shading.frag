// target-env: vulkan1.2
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require

// Lighting maths in half precision where the range allows it (mobile GPUs run it twice as fast).
layout(set = 0, binding = 0, std430) readonly buffer Palette { f16vec4 colors[]; };
layout(location = 0) in vec3 inNormal;
layout(location = 1) flat in uint inColorIndex;
layout(location = 0) out vec4 outColor;

void main() {
    f16vec3 n = f16vec3(normalize(inNormal));
    f16vec3 l = f16vec3(0.267hf, 0.802hf, 0.534hf);
    float16_t ndl = max(dot(n, l), float16_t(0.0));
    f16vec4 base = colors[inColorIndex];
    f16vec3 lit = base.rgb * (float16_t(0.1) + ndl);
    outColor = vec4(lit, base.a);
}
