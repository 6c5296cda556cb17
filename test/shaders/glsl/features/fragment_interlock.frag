#version 450
#extension GL_ARB_fragment_shader_interlock : require

// Programmable blending (a "multiply then screen" mode fixed-function blending cannot do),
// made race-free by the pixel-ordered critical section.
layout(pixel_interlock_ordered) in;
layout(set = 0, binding = 0, rgba8) uniform coherent image2D target;
layout(location = 0) in vec4 inColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    beginInvocationInterlockARB();
    vec4 dst = imageLoad(target, p);
    vec3 multiplied = dst.rgb * inColor.rgb;
    vec3 screened = 1.0 - (1.0 - dst.rgb) * (1.0 - inColor.rgb);
    vec3 result = mix(multiplied, screened, step(0.5, dst.rgb));
    imageStore(target, p, vec4(mix(dst.rgb, result, inColor.a), 1.0));
    endInvocationInterlockARB();
}
