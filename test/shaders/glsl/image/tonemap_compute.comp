#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, rgba16f) uniform readonly image2D hdr;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D ldr;
layout(set = 0, binding = 2, std430) readonly buffer Exposure { float averageLuminance; float exposure; };
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(hdr)))) return;
    vec3 c = imageLoad(hdr, p).rgb * exposure;
    imageStore(ldr, p, vec4(linearToSrgb(tonemapAces(c)), 1.0));
}
