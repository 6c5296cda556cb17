#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
// Debug view: a short line along each vertex normal and one along the face normal.
layout(triangles) in;
layout(line_strip, max_vertices = 8) out;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 1) in vec3 inNormal[];
layout(location = 0) out vec3 outColor;
layout(push_constant) uniform Params { float lineLength; } params;
void emitLine(vec3 a, vec3 b, vec3 color) {
    outColor = color;
    gl_Position = camera.viewProj * vec4(a, 1.0);
    EmitVertex();
    outColor = color;
    gl_Position = camera.viewProj * vec4(b, 1.0);
    EmitVertex();
    EndPrimitive();
}
void main() {
    for (int i = 0; i < 3; ++i) emitLine(inWorldPos[i], inWorldPos[i] + normalize(inNormal[i]) * params.lineLength, vec3(0.2, 0.4, 1.0));
    vec3 c = (inWorldPos[0] + inWorldPos[1] + inWorldPos[2]) / 3.0;
    vec3 fn = normalize(cross(inWorldPos[1] - inWorldPos[0], inWorldPos[2] - inWorldPos[0]));
    emitLine(c, c + fn * params.lineLength, vec3(1.0, 0.8, 0.1));
}
