#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/random.glsl"
layout(isolines, equal_spacing) in;
layout(location = 0) in vec4 inPosition[];
layout(location = 0) out vec3 outTangent;
layout(location = 1) out float outAlongStrand;
layout(push_constant) uniform Hair { float density; float segments; float clumpRadius; } hair;

// Catmull-Rom through the guide's 4 points.
vec3 curve(float t, out vec3 tangent) {
    vec3 p0 = inPosition[0].xyz, p1 = inPosition[1].xyz, p2 = inPosition[2].xyz, p3 = inPosition[3].xyz;
    float s = t * 3.0;
    int seg = min(int(s), 2);
    float f = s - float(seg);
    vec3 a = seg == 0 ? 2.0 * p0 - p1 : (seg == 1 ? p0 : p1);
    vec3 b = seg == 0 ? p0 : (seg == 1 ? p1 : p2);
    vec3 c = seg == 0 ? p1 : (seg == 1 ? p2 : p3);
    vec3 d = seg == 0 ? p2 : (seg == 1 ? p3 : 2.0 * p3 - p2);
    tangent = 0.5 * ((c - a) + 2.0 * (2.0 * a - 5.0 * b + 4.0 * c - d) * f + 3.0 * (-a + 3.0 * b - 3.0 * c + d) * f * f);
    return 0.5 * (2.0 * b + (c - a) * f + (2.0 * a - 5.0 * b + 4.0 * c - d) * f * f + (-a + 3.0 * b - 3.0 * c + d) * f * f * f);
}

void main() {
    float t = gl_TessCoord.x;
    uint strand = uint(gl_TessCoord.y * hair.density + 0.5);
    uint seed = hash2(uvec2(strand, uint(gl_PrimitiveID)));
    vec3 tangent;
    vec3 p = curve(t, tangent);
    vec2 offset = (vec2(nextRandom(seed), nextRandom(seed)) * 2.0 - 1.0) * hair.clumpRadius * (0.3 + t);
    vec3 side = normalize(cross(tangent, vec3(0.0, 1.0, 0.0)) + 1e-5);
    vec3 up = cross(side, normalize(tangent));
    p += side * offset.x + up * offset.y;
    outTangent = normalize(tangent);
    outAlongStrand = t;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
