#version 460
#extension GL_EXT_ray_tracing : require
// Shadow rays that carry colour (through tinted glass); reaching the light keeps what is left.
struct ColoredShadow { vec3 transmittance; bool reachedLight; };
layout(location = 1) rayPayloadInEXT ColoredShadow cs;
void main() { cs.reachedLight = true; }
