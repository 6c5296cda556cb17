#version 450
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
// Matrix-vector product of int8 weights and activations, int32 accumulation, half output.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0, std430) readonly buffer W { i8vec4 w[]; };
layout(set = 0, binding = 1, std430) readonly buffer X { i8vec4 x[]; };
layout(set = 0, binding = 2, std430) readonly buffer S { float16_t scales[]; };
layout(set = 0, binding = 3, std430) writeonly buffer Y { float16_t y[]; };
layout(push_constant) uniform Dims { uint rows; uint cols4; float inputScale; } dims;
void main() {
    uint row = gl_GlobalInvocationID.x;
    if (row >= dims.rows) return;
    int acc = 0;
    for (uint c = 0u; c < dims.cols4; ++c) {
        ivec4 a = ivec4(w[row * dims.cols4 + c]);
        ivec4 b = ivec4(x[c]);
        acc += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    }
    int16_t sat = int16_t(clamp(acc >> 4, -32768, 32767));
    y[row] = float16_t(float(sat) * 16.0 * dims.inputScale) * scales[row];
}
