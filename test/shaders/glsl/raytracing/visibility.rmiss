#version 460
#extension GL_EXT_ray_tracing : require
struct VisibilityPayload { uint instance; uint primitive; vec2 barycentrics; float t; };
layout(location = 0) rayPayloadInEXT VisibilityPayload vis;
void main() {
    vis.instance = 0xffffffffu;
    vis.primitive = 0xffffffffu;
    vis.barycentrics = vec2(0.0);
    vis.t = gl_RayTmaxEXT;
}
