// run: groups=4,2,1 buffers=0:4096 spec=0:5,1:3
// target-env: vulkan1.1 vulkan1.3
#version 450
// Workgroup size from specialization constants (local_size_x_id / _y_id),
// default 8x4x1, run as 5x3x1. Uses gl_WorkGroupSize in arithmetic.
// Also compiled for vulkan1.3 (SPIR-V 1.6), where glslang emits
// OpExecutionModeId LocalSizeId instead of a WorkgroupSize builtin.

layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(local_size_x = 8, local_size_y = 4) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uvec2 pairs[];
};

uint invocationsPerGroup() {
    return gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z;
}

void main() {
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint global = group * invocationsPerGroup() + gl_LocalInvocationIndex;
    uint recomputed = gl_LocalInvocationID.y * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    pairs[global] = uvec2(gl_LocalInvocationIndex, recomputed ^ (gl_LocalInvocationIndex << 8));
}
