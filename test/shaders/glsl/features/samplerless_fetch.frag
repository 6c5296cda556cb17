#version 450
#extension GL_EXT_samplerless_texture_functions : require
// Separate images and samplers: texelFetch on a bare texture2D needs no sampler at all.
layout(set = 0, binding = 0) uniform texture2D colorImage;
layout(set = 0, binding = 1) uniform texture2D depthImage;
layout(set = 0, binding = 2) uniform sampler linearClamp;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    float d = texelFetch(depthImage, p, 0).r;
    vec4 sharp = texelFetch(colorImage, p, 0);
    vec4 blurred = textureLod(sampler2D(colorImage, linearClamp), inUv, 2.0);
    ivec2 size = textureSize(colorImage, 0);
    outColor = mix(sharp, blurred, smoothstep(0.98, 1.0, d)) * float(size.x > 0);
}
