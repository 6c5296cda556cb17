#version 450
layout(set = 0, binding = 0) uniform sampler2DArray eyeImages;
layout(push_constant) uniform Eye { layout(offset = 16) float layer; } eye;
layout(location = 0) in vec2 inUvR;
layout(location = 1) in vec2 inUvG;
layout(location = 2) in vec2 inUvB;
layout(location = 3) in float inVignette;
layout(location = 0) out vec4 outColor;
void main() {
    outColor = vec4(texture(eyeImages, vec3(inUvR, eye.layer)).r,
                    texture(eyeImages, vec3(inUvG, eye.layer)).g,
                    texture(eyeImages, vec3(inUvB, eye.layer)).b, 1.0) * inVignette;
}
