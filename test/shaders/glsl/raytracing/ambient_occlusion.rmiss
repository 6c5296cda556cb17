#version 460
#extension GL_EXT_ray_tracing : require
layout(location = 0) rayPayloadInEXT float occlusion;
void main() { occlusion = 0.0; }
