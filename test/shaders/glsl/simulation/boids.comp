#version 450
// Flocking: separation, alignment and cohesion over neighbours, tiled through shared memory.
layout(local_size_x = 128) in;
struct Boid { vec4 position; vec4 velocity; };
layout(set = 0, binding = 0, std430) readonly buffer BoidsIn { Boid boidsIn[]; };
layout(set = 0, binding = 1, std430) writeonly buffer BoidsOut { Boid boidsOut[]; };
layout(push_constant) uniform Params { uint count; float dt; float radius; float maxSpeed; vec4 weights; } params;

shared vec4 tilePos[128];
shared vec4 tileVel[128];

void main() {
    uint i = gl_GlobalInvocationID.x;
    bool inRange = i < params.count;
    Boid self = boidsIn[min(i, params.count - 1u)];
    vec3 separation = vec3(0.0), alignment = vec3(0.0), cohesion = vec3(0.0);
    float neighbours = 0.0;
    for (uint tile = 0u; tile < params.count; tile += 128u) {
        uint j = tile + gl_LocalInvocationIndex;
        tilePos[gl_LocalInvocationIndex] = j < params.count ? boidsIn[j].position : vec4(1e9);
        tileVel[gl_LocalInvocationIndex] = j < params.count ? boidsIn[j].velocity : vec4(0.0);
        barrier();
        for (uint k = 0u; k < 128u; ++k) {
            vec3 d = tilePos[k].xyz - self.position.xyz;
            float dist = length(d);
            if (dist > 0.0 && dist < params.radius) {
                separation -= d / (dist * dist);
                alignment += tileVel[k].xyz;
                cohesion += tilePos[k].xyz;
                neighbours += 1.0;
            }
        }
        barrier();
    }
    vec3 v = self.velocity.xyz;
    if (neighbours > 0.0) {
        v += separation * params.weights.x;
        v += (alignment / neighbours - v) * params.weights.y;
        v += (cohesion / neighbours - self.position.xyz) * params.weights.z;
    }
    float speed = length(v);
    if (speed > params.maxSpeed) v *= params.maxSpeed / speed;
    if (inRange) boidsOut[i] = Boid(vec4(self.position.xyz + v * params.dt, 1.0), vec4(v, 0.0));
}
