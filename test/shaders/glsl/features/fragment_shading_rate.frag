// target-env: vulkan1.2
#version 460
#extension GL_EXT_fragment_shading_rate : require

// Shows the shading rate the attachment or the pipeline gave each pixel (variable rate shading).
layout(location = 0) in vec2 inUv;
layout(set = 0, binding = 0) uniform sampler2D sceneColor;
layout(location = 0) out vec4 outColor;

void main() {
    int rate = gl_ShadingRateEXT;
    int w = 1 << ((rate >> 2) & 3);
    int h = 1 << (rate & 3);
    vec3 overlay = w * h == 1 ? vec3(0.0) : (w * h == 2 ? vec3(0.0, 0.4, 0.0) : vec3(0.5, 0.0, 0.0));
    outColor = vec4(texture(sceneColor, inUv).rgb + overlay * 0.3, 1.0);
}
