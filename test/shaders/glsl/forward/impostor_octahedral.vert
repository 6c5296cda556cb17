#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/octahedral.glsl"

// Far trees as octahedral impostors: pick the atlas frame nearest the view direction.
layout(location = 0) in vec4 inCenterRadius; // per instance
layout(push_constant) uniform Impostor { float framesPerSide; } imp;

layout(location = 0) out vec2 outUv;
layout(location = 1) flat out vec2 outFrame;

void main() {
    vec3 toCamera = normalize(camera.position.xyz - inCenterRadius.xyz);
    vec2 oct = octEncode(toCamera);
    vec2 frame = floor(oct * (imp.framesPerSide - 1.0) + 0.5);
    vec3 right = normalize(cross(vec3(0, 1, 0), toCamera));
    vec3 up = cross(toCamera, right);
    vec2 corner = vec2(gl_VertexIndex & 1, gl_VertexIndex >> 1) * 2.0 - 1.0;
    vec3 world = inCenterRadius.xyz + (right * corner.x + up * corner.y) * inCenterRadius.w;
    outUv = corner * 0.5 + 0.5;
    outFrame = frame;
    gl_Position = camera.viewProj * vec4(world, 1.0);
}
