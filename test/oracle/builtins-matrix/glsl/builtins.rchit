#version 460
#extension GL_EXT_ray_tracing : require
#extension GL_EXT_ray_cull_mask : require
layout(location = 0) rayPayloadInEXT vec4 payload;
hitAttributeEXT vec2 attribs;
void main() {
  payload = vec4(gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT + gl_ObjectRayOriginEXT + gl_ObjectRayDirectionEXT, gl_RayTminEXT + gl_RayTmaxEXT + gl_HitTEXT);
  payload.x += float(gl_PrimitiveID + gl_InstanceID + gl_InstanceCustomIndexEXT + gl_GeometryIndexEXT + gl_IncomingRayFlagsEXT + gl_HitKindEXT + gl_CullMaskEXT);
  payload.y += gl_ObjectToWorldEXT[0][0] + gl_WorldToObjectEXT[1][2] + float(gl_LaunchIDEXT.x + gl_LaunchSizeEXT.y);
}
