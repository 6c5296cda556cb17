#version 460
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer B { uint d[]; };

uint scaled(uint k) {
  // the only use of gl_LocalInvocationIndex, at line 7, column 10
  return gl_LocalInvocationIndex * k;
}

void main() {
  d[gl_GlobalInvocationID.x] = scaled(3u);
}
