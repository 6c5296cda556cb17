#version 450

// Order-independent transparency, pass 1: every transparent fragment is pushed onto a per-pixel
// linked list (head pointers in an image, nodes in a buffer).
struct Node {
    vec4 color;
    float depth;
    uint next;
};

layout(set = 0, binding = 0, r32ui) uniform coherent uimage2D headPointers;
layout(set = 0, binding = 1, std430) buffer Counter { uint nodeCount; uint maxNodes; };
layout(set = 0, binding = 2, std430) writeonly buffer Nodes { Node nodes[]; };

layout(early_fragment_tests) in;
layout(location = 0) in vec4 inColor;

void main() {
    uint index = atomicAdd(nodeCount, 1u);
    if (index >= maxNodes) return;
    uint previous = imageAtomicExchange(headPointers, ivec2(gl_FragCoord.xy), index);
    nodes[index].color = inColor;
    nodes[index].depth = gl_FragCoord.z;
    nodes[index].next = previous;
}
