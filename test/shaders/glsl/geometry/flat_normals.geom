#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Low-poly look: the face normal for all three vertices; also the primitive id for picking.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 0) out vec3 outNormal;
layout(location = 1) flat out uint outPrimitive;
void main() {
    vec3 n = normalize(cross(inWorldPos[1] - inWorldPos[0], inWorldPos[2] - inWorldPos[0]));
    for (int i = 0; i < 3; ++i) {
        outNormal = n;
        outPrimitive = uint(gl_PrimitiveIDIn);
        gl_Position = camera.viewProj * vec4(inWorldPos[i], 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
