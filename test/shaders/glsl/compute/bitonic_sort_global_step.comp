#version 450
// One global compare-exchange step of a bitonic sort, for strides larger than a workgroup.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) buffer Keys { float keys[]; };
layout(push_constant) uniform Step { uint k; uint j; } step;
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint l = i ^ step.j;
    if (l <= i) return;
    float a = keys[i], b = keys[l];
    bool ascending = (i & step.k) == 0u;
    if ((a > b) == ascending) { keys[i] = b; keys[l] = a; }
}
