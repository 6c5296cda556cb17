#version 450
// Counts fragments per pixel in a storage image; a later pass maps the count to colours.
layout(set = 0, binding = 0, r32ui) uniform coherent uimage2D overdrawCount;
layout(early_fragment_tests) in;
void main() {
    imageAtomicAdd(overdrawCount, ivec2(gl_FragCoord.xy), 1u);
}
