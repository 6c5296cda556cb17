#version 460
#extension GL_EXT_multiview : require
layout(location = 0) out vec4 o;
in float gl_ClipDistance[2];
void main() {
  o = gl_FragCoord + vec4(gl_FrontFacing ? 1.0 : 0.0, gl_PointCoord.x, gl_SampleID + gl_SamplePosition.x + gl_SampleMaskIn[0], gl_PrimitiveID + gl_Layer + gl_ViewportIndex + gl_ViewIndex);
  o.x += gl_HelperInvocation ? 1.0 : 0.0;
  o.y += gl_ClipDistance[1];
  gl_SampleMask[0] = 1;
  gl_FragDepth = 0.5;
}
