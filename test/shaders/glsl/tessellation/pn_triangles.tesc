#version 450
// Curved PN triangles (Vlachos et al. 2001): control points of a cubic Bezier triangle from
// the vertex positions and normals.
layout(vertices = 3) out;

layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 2) in vec2 inUv[];

struct PnPatch {
    vec3 b210, b120, b021, b012, b102, b201, b111;
    vec3 n110, n011, n101;
};

layout(location = 0) out vec3 outPosition[];
layout(location = 1) out vec3 outNormal[];
layout(location = 2) out vec2 outUv[];
layout(location = 3) patch out PnPatch pn;

layout(push_constant) uniform Params { float level; } params;

vec3 edgePoint(vec3 pi, vec3 pj, vec3 ni) { return (2.0 * pi + pj - dot(pj - pi, ni) * ni) / 3.0; }

vec3 edgeNormal(vec3 pi, vec3 pj, vec3 ni, vec3 nj) {
    vec3 d = pj - pi;
    float v = 2.0 * dot(d, ni + nj) / dot(d, d);
    return normalize(ni + nj - v * d);
}

void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    outNormal[gl_InvocationID] = inNormal[gl_InvocationID];
    outUv[gl_InvocationID] = inUv[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec3 p1 = inPosition[0], p2 = inPosition[1], p3 = inPosition[2];
        vec3 n1 = inNormal[0], n2 = inNormal[1], n3 = inNormal[2];
        pn.b210 = edgePoint(p1, p2, n1);
        pn.b120 = edgePoint(p2, p1, n2);
        pn.b021 = edgePoint(p2, p3, n2);
        pn.b012 = edgePoint(p3, p2, n3);
        pn.b102 = edgePoint(p3, p1, n3);
        pn.b201 = edgePoint(p1, p3, n1);
        vec3 e = (pn.b210 + pn.b120 + pn.b021 + pn.b012 + pn.b102 + pn.b201) / 6.0;
        vec3 v = (p1 + p2 + p3) / 3.0;
        pn.b111 = e + (e - v) / 2.0;
        pn.n110 = edgeNormal(p1, p2, n1, n2);
        pn.n011 = edgeNormal(p2, p3, n2, n3);
        pn.n101 = edgeNormal(p3, p1, n3, n1);
        gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = params.level;
        gl_TessLevelInner[0] = params.level;
    }
}
