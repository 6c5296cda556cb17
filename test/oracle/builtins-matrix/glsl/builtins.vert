#version 460
#extension GL_EXT_multiview : require
#extension GL_EXT_device_group : require
#extension GL_ARB_shader_viewport_layer_array : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_fragment_shading_rate : require
layout(location = 0) out vec4 color;
out float gl_ClipDistance[2];
out float gl_CullDistance[1];
void main() {
  gl_Position = vec4(gl_VertexIndex, gl_InstanceIndex, gl_BaseVertex + gl_BaseInstance + gl_DrawID, gl_ViewIndex + gl_DeviceIndex);
  gl_PointSize = 1.0;
  gl_ClipDistance[0] = 0.0;
  gl_ClipDistance[1] = 1.0;
  gl_CullDistance[0] = 0.0;
  gl_Layer = 1;
  gl_ViewportIndex = 0;
  gl_PrimitiveShadingRateEXT = 0;
  color = vec4(gl_SubgroupSize, gl_SubgroupInvocationID, gl_SubgroupEqMask.x + gl_SubgroupGeMask.y + gl_SubgroupGtMask.z, gl_SubgroupLeMask.w + gl_SubgroupLtMask.x);
}
