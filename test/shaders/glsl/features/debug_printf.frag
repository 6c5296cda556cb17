#version 450
#extension GL_EXT_debug_printf : require

// Prints the shading inputs of one pixel picked with the mouse (read with the validation layer).
layout(push_constant) uniform Debug { ivec2 pixel; } dbg;
layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec2 inUv;
layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(albedo, inUv);
    if (all(equal(ivec2(gl_FragCoord.xy), dbg.pixel))) {
        debugPrintfEXT("pixel %v2d: uv %v2f normal %v3f albedo %v4f depth %f", dbg.pixel, inUv, inNormal, c, gl_FragCoord.z);
    }
    outColor = c;
}
