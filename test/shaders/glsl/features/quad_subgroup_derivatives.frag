#version 450
#extension GL_KHR_shader_subgroup_quad : require
// Coarse filtering by quad shuffles: the 2x2 quad averages its colour without a second pass.
layout(set = 0, binding = 0) uniform sampler2D src;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec4 c = texture(src, inUv);
    vec4 h = subgroupQuadSwapHorizontal(c);
    vec4 v = subgroupQuadSwapVertical(c);
    vec4 d = subgroupQuadSwapDiagonal(c);
    vec4 avg = (c + h + v + d) * 0.25;
    outColor = mix(c, avg, 0.5) + subgroupQuadBroadcast(c, 0) * 0.0;
}
