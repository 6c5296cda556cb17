#version 460
layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 3) out;
void main() {
  for (int i = 0; i < 3; i++) {
    gl_Position = gl_in[i].gl_Position;
    gl_PointSize = gl_in[i].gl_PointSize;
    gl_Layer = gl_InvocationID;
    gl_ViewportIndex = 0;
    gl_PrimitiveID = gl_PrimitiveIDIn;
    EmitVertex();
  }
  EndPrimitive();
}
