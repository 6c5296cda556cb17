#version 450
// Mesh "explosion" effect: triangles fly apart along their face normals over time.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(push_constant) uniform Explode { mat4 viewProj; float amount; } ex;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 1) in vec2 inUv[];
layout(location = 0) out vec2 outUv;
void main() {
    vec3 n = normalize(cross(inWorldPos[1] - inWorldPos[0], inWorldPos[2] - inWorldPos[0]));
    for (int i = 0; i < 3; ++i) {
        outUv = inUv[i];
        gl_Position = ex.viewProj * vec4(inWorldPos[i] + n * ex.amount, 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
