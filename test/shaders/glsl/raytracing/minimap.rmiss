#version 460
#extension GL_EXT_ray_tracing : require
layout(location = 0) rayPayloadInEXT vec4 colorHeight;
void main() { colorHeight = vec4(0.05, 0.1, 0.3, 0.0); } // water below everything
