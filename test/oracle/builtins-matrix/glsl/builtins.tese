#version 460
layout(triangles, equal_spacing, cw) in;
void main() {
  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x + gl_in[1].gl_Position * gl_TessCoord.y + gl_in[2].gl_Position * gl_TessCoord.z;
  gl_Position.w += gl_TessLevelOuter[0] + gl_TessLevelInner[0] + gl_PatchVerticesIn + gl_PrimitiveID;
  gl_PointSize = gl_in[0].gl_PointSize;
}
