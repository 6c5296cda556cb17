#version 450
layout(set = 0, binding = 1) uniform sampler2D glyphAtlas; // multi-channel SDF
layout(location = 0) in vec2 inUv;
layout(location = 1) flat in vec4 inColor;
layout(location = 2) flat in vec2 inStyle; // outline width, softness
layout(location = 0) out vec4 outColor;

float median(vec3 v) { return max(min(v.r, v.g), min(max(v.r, v.g), v.b)); }

void main() {
    float dist = median(texture(glyphAtlas, inUv).rgb) - 0.5;
    // Screen-space distance range keeps edges one pixel wide at every scale.
    float w = max(fwidth(dist), 1e-4) + inStyle.y;
    float fill = smoothstep(-w, w, dist);
    float outline = smoothstep(-w, w, dist + inStyle.x) - fill;
    outColor = vec4(mix(vec3(0.0), inColor.rgb, fill), inColor.a * (fill + outline));
}
