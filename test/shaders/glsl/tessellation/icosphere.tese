#version 450
layout(triangles, equal_spacing, cw) in;
layout(location = 0) in vec3 inPosition[];
layout(push_constant) uniform Sphere { mat4 mvp; float level; } sphere;
layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec3 outPatchDistance;
void main() {
    vec3 p = normalize(gl_TessCoord.x * inPosition[0] + gl_TessCoord.y * inPosition[1] + gl_TessCoord.z * inPosition[2]);
    outNormal = p;
    outPatchDistance = gl_TessCoord;
    gl_Position = sphere.mvp * vec4(p, 1.0);
}
