// target-env: vulkan1.2
#version 450
#extension GL_EXT_demote_to_helper_invocation : require

// demote instead of discard: the pixel stays a helper, so derivatives of its neighbours stay valid.
layout(set = 1, binding = 0) uniform sampler2D baseColor;
layout(set = 1, binding = 1) uniform sampler2D detail;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(baseColor, inUv);
    if (c.a < 0.5) demote;
    c.rgb *= texture(detail, inUv * 8.0).rgb * 2.0;
    if (helperInvocationEXT()) c = vec4(0.0);
    outColor = c;
}
