#version 450
// Mass-spring cloth, Verlet integration, structural springs to the 4 neighbours (Jacobi style:
// reads the previous state, writes the next).
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0, std430) readonly buffer Current { vec4 current[]; };  // w: inverse mass
layout(set = 0, binding = 1, std430) readonly buffer Previous { vec4 previous[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Next { vec4 next[]; };
layout(push_constant) uniform Cloth { uvec2 size; float restLength; float stiffness; vec4 gravity; float dt; float damping; } cloth;

vec3 springForce(vec3 p, uvec2 q) {
    vec3 d = current[q.y * cloth.size.x + q.x].xyz - p;
    float len = length(d);
    return len > 0.0 ? cloth.stiffness * (len - cloth.restLength) * d / len : vec3(0.0);
}

void main() {
    uvec2 id = gl_GlobalInvocationID.xy;
    if (any(greaterThanEqual(id, cloth.size))) return;
    uint i = id.y * cloth.size.x + id.x;
    vec4 c = current[i];
    if (c.w == 0.0) { next[i] = c; return; } // pinned
    vec3 force = cloth.gravity.xyz / c.w;
    if (id.x > 0u) force += springForce(c.xyz, id - uvec2(1, 0));
    if (id.x + 1u < cloth.size.x) force += springForce(c.xyz, id + uvec2(1, 0));
    if (id.y > 0u) force += springForce(c.xyz, id - uvec2(0, 1));
    if (id.y + 1u < cloth.size.y) force += springForce(c.xyz, id + uvec2(0, 1));
    vec3 velocity = (c.xyz - previous[i].xyz) * (1.0 - cloth.damping);
    next[i] = vec4(c.xyz + velocity + force * c.w * cloth.dt * cloth.dt, c.w);
}
