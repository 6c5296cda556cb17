#version 450
// Stencil shadow volumes: silhouette edges (with triangle adjacency) are extruded to infinity,
// and the caps are emitted for z-fail.
layout(triangles_adjacency) in;
layout(triangle_strip, max_vertices = 18) out;
layout(set = 0, binding = 0, std140) uniform Volume { mat4 viewProj; vec4 lightPos; } volume;
layout(location = 0) in vec3 inWorldPos[];
const float BIAS = 1e-3;

bool facesLight(vec3 a, vec3 b, vec3 c) {
    return dot(cross(b - a, c - a), volume.lightPos.xyz - a) > 0.0;
}

void extrudeEdge(vec3 a, vec3 b) {
    vec3 la = normalize(a - volume.lightPos.xyz), lb = normalize(b - volume.lightPos.xyz);
    gl_Position = volume.viewProj * vec4(a + la * BIAS, 1.0); EmitVertex();
    gl_Position = volume.viewProj * vec4(la, 0.0); EmitVertex();
    gl_Position = volume.viewProj * vec4(b + lb * BIAS, 1.0); EmitVertex();
    gl_Position = volume.viewProj * vec4(lb, 0.0); EmitVertex();
    EndPrimitive();
}

void main() {
    vec3 v0 = inWorldPos[0], v1 = inWorldPos[1], v2 = inWorldPos[2], v3 = inWorldPos[3], v4 = inWorldPos[4], v5 = inWorldPos[5];
    if (!facesLight(v0, v2, v4)) return;
    if (!facesLight(v0, v1, v2)) extrudeEdge(v0, v2);
    if (!facesLight(v2, v3, v4)) extrudeEdge(v2, v4);
    if (!facesLight(v4, v5, v0)) extrudeEdge(v4, v0);
    // Front cap, slightly pushed away from the light, and the back cap at infinity.
    vec3 tri[3] = vec3[](v0, v2, v4);
    for (int i = 0; i < 3; ++i) {
        gl_Position = volume.viewProj * vec4(tri[i] + normalize(tri[i] - volume.lightPos.xyz) * BIAS, 1.0);
        EmitVertex();
    }
    EndPrimitive();
    for (int i = 2; i >= 0; --i) {
        gl_Position = volume.viewProj * vec4(tri[i] - volume.lightPos.xyz, 0.0);
        EmitVertex();
    }
    EndPrimitive();
}
