#version 450
// Stable-fluids semi-Lagrangian advection on a 2D grid.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D velocity;
layout(set = 0, binding = 1) uniform sampler2D quantity;
layout(set = 0, binding = 2, rgba16f) uniform writeonly image2D result;
layout(push_constant) uniform Params { float dt; float dissipation; } params;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(result);
    if (any(greaterThanEqual(p, size))) return;
    vec2 texel = 1.0 / vec2(size);
    vec2 uv = (vec2(p) + 0.5) * texel;
    vec2 back = uv - params.dt * textureLod(velocity, uv, 0.0).xy * texel;
    imageStore(result, p, textureLod(quantity, back, 0.0) * params.dissipation);
}
