#version 450
#extension GL_EXT_debug_printf : require
// Reports NaNs in a simulation buffer with their index, once per workgroup at most.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer State { vec4 state[]; };
shared uint reported;
void main() {
    if (gl_LocalInvocationIndex == 0u) reported = 0u;
    barrier();
    vec4 v = state[gl_GlobalInvocationID.x];
    if (any(isnan(v)) && atomicExchange(reported, 1u) == 0u) {
        debugPrintfEXT("NaN at element %u of workgroup %u: %v4f", gl_GlobalInvocationID.x, gl_WorkGroupID.x, v);
    }
}
