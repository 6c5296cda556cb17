#version 450
layout(set = 1, binding = 0) uniform samplerCube environment;
layout(push_constant) uniform Sky { layout(offset = 0) float exposure; float rotation; } sky;
layout(location = 0) in vec3 inDirection;
layout(location = 0) out vec4 outColor;
void main() {
    float s = sin(sky.rotation), c = cos(sky.rotation);
    vec3 d = vec3(c * inDirection.x - s * inDirection.z, inDirection.y, s * inDirection.x + c * inDirection.z);
    outColor = vec4(texture(environment, d).rgb * sky.exposure, 1.0);
}
