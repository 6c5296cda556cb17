#version 450
// Radial blur from the sun's screen position over the occlusion mask.
layout(set = 0, binding = 0) uniform sampler2D occlusionMask;
layout(push_constant) uniform Rays { vec2 sunUv; float density; float weight; float decay; float exposure; } rays;
layout(constant_id = 0) const int SAMPLES = 64;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    vec2 delta = (inUv - rays.sunUv) * rays.density / float(SAMPLES);
    vec2 uv = inUv;
    float illumination = 1.0;
    vec3 sum = vec3(0.0);
    for (int i = 0; i < SAMPLES; ++i) {
        uv -= delta;
        sum += texture(occlusionMask, uv).rgb * illumination * rays.weight;
        illumination *= rays.decay;
    }
    outColor = vec4(sum * rays.exposure, 1.0);
}
