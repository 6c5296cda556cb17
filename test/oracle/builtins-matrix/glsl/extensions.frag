#version 460
#extension GL_EXT_fragment_shading_rate : require
#extension GL_EXT_fragment_shader_barycentric : require
#extension GL_ARB_shader_stencil_export : require
#extension GL_AMD_shader_explicit_vertex_parameter : require
#extension GL_NV_shader_sm_builtins : require
layout(location = 0) out vec4 o;
void main() {
  o = vec4(gl_BaryCoordEXT + gl_BaryCoordNoPerspEXT, float(gl_ShadingRateEXT));
  o.xy += gl_BaryCoordSmoothAMD + gl_BaryCoordSmoothCentroidAMD + gl_BaryCoordSmoothSampleAMD;
  o.xy += gl_BaryCoordNoPerspAMD + gl_BaryCoordNoPerspCentroidAMD + gl_BaryCoordNoPerspSampleAMD;
  o.xyz += gl_BaryCoordPullModelAMD;
  o.w += float(gl_SMCountNV + gl_SMIDNV + gl_WarpsPerSMNV + gl_WarpIDNV);
  gl_FragStencilRefARB = 1;
}
