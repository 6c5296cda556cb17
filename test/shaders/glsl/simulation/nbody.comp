#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) buffer Positions { vec4 pos[]; };   // w: mass
layout(set = 0, binding = 1, std430) buffer Velocities { vec4 vel[]; };
layout(push_constant) uniform Params { uint count; float dt; float softening; } params;
shared vec4 shared_pos[256];
void main() {
    uint i = gl_GlobalInvocationID.x;
    vec3 p = pos[min(i, params.count - 1u)].xyz;
    vec3 acc = vec3(0.0);
    for (uint tile = 0u; tile < params.count; tile += 256u) {
        uint j = tile + gl_LocalInvocationIndex;
        shared_pos[gl_LocalInvocationIndex] = j < params.count ? pos[j] : vec4(0.0);
        barrier();
        for (int k = 0; k < 256; ++k) {
            vec3 d = shared_pos[k].xyz - p;
            float inv = inversesqrt(dot(d, d) + params.softening);
            acc += shared_pos[k].w * d * inv * inv * inv;
        }
        barrier();
    }
    if (i < params.count) {
        vel[i].xyz += acc * params.dt;
        pos[i].xyz += vel[i].xyz * params.dt;
    }
}
