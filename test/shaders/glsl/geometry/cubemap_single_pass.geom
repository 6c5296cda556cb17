#version 450
// Renders all six faces of a point-light shadow cube in one pass via gl_Layer, culling per face.
layout(triangles, invocations = 6) in;
layout(triangle_strip, max_vertices = 3) out;
layout(set = 0, binding = 0, std140) uniform Faces { mat4 faceViewProj[6]; vec4 lightPosRange; } faces;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 0) out vec3 outWorldPos;
void main() {
    vec4 clip[3];
    for (int i = 0; i < 3; ++i) clip[i] = faces.faceViewProj[gl_InvocationID] * vec4(inWorldPos[i], 1.0);
    // Outside the face's frustum if all three corners are beyond the same clip plane.
    for (int axis = 0; axis < 3; ++axis) {
        if (clip[0][axis] > clip[0].w && clip[1][axis] > clip[1].w && clip[2][axis] > clip[2].w) return;
        if (clip[0][axis] < -clip[0].w && clip[1][axis] < -clip[1].w && clip[2][axis] < -clip[2].w) return;
    }
    for (int i = 0; i < 3; ++i) {
        gl_Layer = gl_InvocationID;
        outWorldPos = inWorldPos[i];
        gl_Position = clip[i];
        EmitVertex();
    }
    EndPrimitive();
}
