#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) writeonly buffer Dst { uint dst[]; };
layout(push_constant) uniform Fill { uint value; uint count; } fill;
void main() {
    if (gl_GlobalInvocationID.x < fill.count) dst[gl_GlobalInvocationID.x] = fill.value;
}
