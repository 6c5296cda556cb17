// requires: glslang-new
// target-env: vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_rotate : require
#extension GL_KHR_shader_subgroup_basic : require
// Sliding-window sum within a subgroup using rotations (GL_KHR_shader_subgroup_rotate, 2023):
// each invocation adds the values of the next WINDOW - 1 lanes.
layout(local_size_x = 64) in;
layout(constant_id = 0) const uint WINDOW = 4u;
layout(set = 0, binding = 0, std430) readonly buffer Src { float src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Dst { float dst[]; };
void main() {
    float v = src[gl_GlobalInvocationID.x];
    float sum = v;
    for (uint k = 1u; k < WINDOW; ++k) sum += subgroupRotate(v, k);
    dst[gl_GlobalInvocationID.x] = sum / float(WINDOW);
}
