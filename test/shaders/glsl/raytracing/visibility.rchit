#version 460
#extension GL_EXT_ray_tracing : require
struct VisibilityPayload { uint instance; uint primitive; vec2 barycentrics; float t; };
layout(location = 0) rayPayloadInEXT VisibilityPayload vis;
hitAttributeEXT vec2 attribs;
void main() {
    vis.instance = uint(gl_InstanceID);
    vis.primitive = uint(gl_PrimitiveID);
    vis.barycentrics = attribs;
    vis.t = gl_HitTEXT;
}
