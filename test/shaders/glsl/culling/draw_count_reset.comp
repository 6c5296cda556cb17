#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) writeonly buffer Counters { uint counters[8]; };
void main() { for (int i = 0; i < 8; ++i) counters[i] = 0u; }
