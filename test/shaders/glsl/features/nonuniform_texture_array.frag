// target-env: vulkan1.2
#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Per-pixel texture choice (a terrain material id texture): the index varies within a draw.
layout(set = 0, binding = 0) uniform usampler2D materialIds;
layout(set = 0, binding = 1) uniform sampler2D materialTextures[];
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    uint id = texture(materialIds, inUv).r;
    outColor = texture(materialTextures[nonuniformEXT(id)], inUv * 16.0);
}
