#version 460
#extension GL_EXT_ray_tracing : require
struct AudioPayload { vec3 position; vec3 normal; float absorption; bool hit; };
layout(location = 0) rayPayloadInEXT AudioPayload ap;
// Sound leaving the scene is lost (open air).
void main() { ap.hit = false; }
