#version 460
#extension GL_EXT_ray_tracing : require
struct PickPayload { uint instance; uint primitive; float t; };
layout(location = 0) rayPayloadInEXT PickPayload hit;
void main() {
    hit.instance = gl_InstanceCustomIndexEXT;
    hit.primitive = uint(gl_PrimitiveID);
    hit.t = gl_HitTEXT;
}
