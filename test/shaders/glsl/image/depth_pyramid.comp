#version 450
// Hierarchical-Z: each level keeps the farthest depth of its 2x2 footprint (reversed-Z: min).
layout(local_size_x = 32, local_size_y = 32) in;
layout(set = 0, binding = 0) uniform sampler2D srcDepth; // with a min-reduction sampler
layout(set = 0, binding = 1, r32f) uniform writeonly image2D dstLevel;
layout(push_constant) uniform Level { vec2 size; } level;
void main() {
    uvec2 p = gl_GlobalInvocationID.xy;
    if (any(greaterThanEqual(vec2(p), level.size))) return;
    float d = texture(srcDepth, (vec2(p) + 0.5) / level.size).r;
    imageStore(dstLevel, ivec2(p), vec4(d));
}
