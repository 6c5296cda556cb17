#version 450

// Pass 2: gather a pixel's fragments, sort them back to front, blend.
struct Node {
    vec4 color;
    float depth;
    uint next;
};

layout(set = 0, binding = 0, r32ui) uniform readonly uimage2D headPointers;
layout(set = 0, binding = 2, std430) readonly buffer Nodes { Node nodes[]; };

layout(location = 0) out vec4 outColor;

const uint END = 0xffffffffu;
const int MAX_FRAGMENTS = 16;

void main() {
    vec4 colors[MAX_FRAGMENTS];
    float depths[MAX_FRAGMENTS];
    int count = 0;
    uint n = imageLoad(headPointers, ivec2(gl_FragCoord.xy)).r;
    while (n != END && count < MAX_FRAGMENTS) {
        colors[count] = nodes[n].color;
        depths[count] = nodes[n].depth;
        n = nodes[n].next;
        ++count;
    }
    if (count == 0) discard;
    // Insertion sort: lists are short.
    for (int i = 1; i < count; ++i) {
        vec4 c = colors[i];
        float d = depths[i];
        int j = i - 1;
        while (j >= 0 && depths[j] < d) {
            colors[j + 1] = colors[j];
            depths[j + 1] = depths[j];
            --j;
        }
        colors[j + 1] = c;
        depths[j + 1] = d;
    }
    vec4 result = vec4(0.0, 0.0, 0.0, 1.0);
    for (int i = 0; i < count; ++i) {
        result.rgb = mix(result.rgb, colors[i].rgb, colors[i].a);
        result.a *= 1.0 - colors[i].a;
    }
    outColor = vec4(result.rgb, 1.0 - result.a);
}
