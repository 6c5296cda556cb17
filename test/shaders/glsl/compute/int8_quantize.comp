#version 450
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
// Per-row symmetric int8 quantisation of a weight matrix (for an inference pipeline).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Weights { float weights[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Quantized { int8_t quantized[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Scales { float scales[]; };
layout(push_constant) uniform Dims { uint rows; uint cols; } dims;

shared float rowMax[64];

void main() {
    uint row = gl_WorkGroupID.x;
    uint lid = gl_LocalInvocationIndex;
    float m = 0.0;
    for (uint c = lid; c < dims.cols; c += 64u) m = max(m, abs(weights[row * dims.cols + c]));
    rowMax[lid] = m;
    barrier();
    for (uint s = 32u; s > 0u; s >>= 1) {
        if (lid < s) rowMax[lid] = max(rowMax[lid], rowMax[lid + s]);
        barrier();
    }
    float scale = max(rowMax[0], 1e-8) / 127.0;
    if (lid == 0u) scales[row] = scale;
    for (uint c = lid; c < dims.cols; c += 64u) {
        float q = clamp(round(weights[row * dims.cols + c] / scale), -127.0, 127.0);
        quantized[row * dims.cols + c] = int8_t(q);
    }
}
