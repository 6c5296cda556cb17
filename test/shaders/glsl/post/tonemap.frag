#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"

layout(set = 0, binding = 0) uniform sampler2D hdrColor;
layout(set = 0, binding = 1) uniform sampler2D bloomTexture;
layout(set = 0, binding = 2, std430) readonly buffer Exposure { float averageLuminance; float exposure; };

layout(constant_id = 0) const int OPERATOR = 1; // 0 Reinhard, 1 ACES, 2 Uncharted 2
layout(push_constant) uniform Params { float bloomStrength; float whitePoint; } params;

layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 hdr = texture(hdrColor, inUv).rgb + texture(bloomTexture, inUv).rgb * params.bloomStrength;
    hdr *= exposure;
    vec3 mapped;
    if (OPERATOR == 0) mapped = tonemapReinhard(hdr);
    else if (OPERATOR == 1) mapped = tonemapAces(hdr);
    else mapped = tonemapUncharted2(hdr);
    outColor = vec4(linearToSrgb(mapped), 1.0);
}
