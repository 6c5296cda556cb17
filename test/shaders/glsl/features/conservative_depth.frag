#version 450
// Parallax occlusion mapping pushes depth only further away; saying so keeps early-Z working.
layout(depth_greater) out float gl_FragDepth;
layout(set = 1, binding = 0) uniform sampler2D heightMap;
layout(set = 1, binding = 1) uniform sampler2D albedo;
layout(location = 0) in vec2 inUv;
layout(location = 1) in vec3 inViewTangent;
layout(location = 0) out vec4 outColor;
void main() {
    vec3 v = normalize(inViewTangent);
    const int LAYERS = 24;
    float layerDepth = 1.0 / float(LAYERS);
    vec2 delta = v.xy / v.z * 0.05 / float(LAYERS);
    vec2 uv = inUv;
    float depth = 0.0;
    float h = 1.0 - textureLod(heightMap, uv, 0.0).r;
    for (int i = 0; i < LAYERS && depth < h; ++i) {
        uv -= delta;
        depth += layerDepth;
        h = 1.0 - textureLod(heightMap, uv, 0.0).r;
    }
    outColor = texture(albedo, uv);
    gl_FragDepth = gl_FragCoord.z + depth * 0.001;
}
