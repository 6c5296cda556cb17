#version 460
#extension GL_EXT_ray_tracing : require
struct LidarPayload { float t; float intensity; };
layout(location = 0) rayPayloadInEXT LidarPayload lp;
void main() { lp.t = -1.0; lp.intensity = 0.0; }
