#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

// Circle of confusion from a thin-lens model, signed: negative in front of the focus plane.
layout(set = 1, binding = 0) uniform sampler2D depthTexture;
layout(push_constant) uniform Lens { float focusDistance; float focalLength; float aperture; float maxCoc; } lens;
layout(location = 0) in vec2 inUv;
layout(location = 0) out float outCoc;

void main() {
    float z = linearDepth(texture(depthTexture, inUv).r);
    float coc = lens.aperture * lens.focalLength * (z - lens.focusDistance) / (z * (lens.focusDistance - lens.focalLength));
    outCoc = clamp(coc * camera.viewport.y, -lens.maxCoc, lens.maxCoc);
}
