// requires: glslang-new
// target-env: vulkan1.2
#version 450
#extension GL_EXT_expect_assume : require
// Hints for the driver's compiler (GL_EXT_expect_assume): the count is a multiple of 4 and the
// early-out is rare.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Data { vec4 data[]; };
layout(push_constant) uniform Params { uint count; float scale; } params;
void main() {
    assumeEXT(params.count % 4u == 0u);
    uint i = gl_GlobalInvocationID.x;
    if (expectEXT(i >= params.count, false)) return;
    data[i] *= params.scale;
}
