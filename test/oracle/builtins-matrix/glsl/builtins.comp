#version 460
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x_id = 0, local_size_y = 2) in;
layout(std430, binding = 0) buffer B { uint d[]; };
uint helper() {
  return gl_LocalInvocationIndex + gl_SubgroupID + gl_NumSubgroups;
}
void main() {
  d[gl_GlobalInvocationID.x] = helper() + gl_LocalInvocationID.y + gl_WorkGroupID.z + gl_NumWorkGroups.x + gl_WorkGroupSize.x;
}
