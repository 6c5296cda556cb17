#version 450
// Turns a count written by an earlier pass into vkCmdDispatchIndirect arguments.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer Count { uint count; };
layout(set = 0, binding = 1, std430) writeonly buffer DispatchArgs { uvec3 groups; };
layout(constant_id = 0) const uint GROUP_SIZE = 64u;
void main() { groups = uvec3((count + GROUP_SIZE - 1u) / GROUP_SIZE, 1u, 1u); }
