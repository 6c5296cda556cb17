#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/random.glsl"
// Droplet-based hydraulic erosion on a heightmap; each invocation runs one droplet.
// Races between droplets are accepted, as in most real-time implementations.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Heights { float heights[]; };
layout(push_constant) uniform Erosion { uint size; uint seed; float inertia; float capacity; float deposition; float erosion; float evaporation; int lifetime; } er;

float heightAt(vec2 p, out vec2 gradient) {
    ivec2 c = ivec2(p);
    vec2 f = p - vec2(c);
    uint i = uint(c.y) * er.size + uint(c.x);
    float nw = heights[i], ne = heights[i + 1u], sw = heights[i + er.size], se = heights[i + er.size + 1u];
    gradient = vec2((ne - nw) * (1.0 - f.y) + (se - sw) * f.y, (sw - nw) * (1.0 - f.x) + (se - ne) * f.x);
    return mix(mix(nw, ne, f.x), mix(sw, se, f.x), f.y);
}

void main() {
    uint state = hash2(uvec2(gl_GlobalInvocationID.x, er.seed));
    vec2 pos = vec2(nextRandom(state), nextRandom(state)) * float(er.size - 2u);
    vec2 dir = vec2(0.0);
    float speed = 1.0, water = 1.0, sediment = 0.0;
    for (int step = 0; step < er.lifetime; ++step) {
        vec2 g;
        float h = heightAt(pos, g);
        dir = normalize(dir * er.inertia - g * (1.0 - er.inertia) + 1e-6);
        vec2 newPos = pos + dir;
        if (any(lessThan(newPos, vec2(0.0))) || any(greaterThanEqual(newPos, vec2(float(er.size - 2u))))) break;
        float dh = heightAt(newPos, g) - h;
        float cap = max(-dh * speed * water * er.capacity, 0.01);
        uint cell = uint(pos.y) * er.size + uint(pos.x);
        if (sediment > cap || dh > 0.0) {
            float amount = dh > 0.0 ? min(dh, sediment) : (sediment - cap) * er.deposition;
            sediment -= amount;
            heights[cell] += amount;
        } else {
            float amount = min((cap - sediment) * er.erosion, -dh);
            heights[cell] -= amount;
            sediment += amount;
        }
        speed = sqrt(max(speed * speed + dh * 4.0, 0.0));
        water *= 1.0 - er.evaporation;
        pos = newPos;
    }
}
