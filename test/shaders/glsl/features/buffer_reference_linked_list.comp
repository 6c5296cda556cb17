// target-env: vulkan1.2
#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Walks GPU-resident linked lists through device addresses (a spatial hash's bucket chains).
layout(local_size_x = 64) in;
layout(buffer_reference) buffer Node; // forward declaration: the node points at its own type
layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Node {
    vec4 value;
    Node next;
};
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer Heads { Node heads[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) writeonly buffer Sums { vec4 sums[]; };
layout(push_constant) uniform Addresses { Heads heads; Sums sums; uint bucketCount; } pc;
void main() {
    uint b = gl_GlobalInvocationID.x;
    if (b >= pc.bucketCount) return;
    vec4 sum = vec4(0.0);
    Node n = pc.heads.heads[b];
    uint guard = 0u;
    while (uint64_t(n) != 0ul && guard++ < 1024u) {
        sum += n.value;
        n = n.next;
    }
    pc.sums.sums[b] = sum;
}
