#version 450
layout(triangles, equal_spacing, ccw) in;
layout(location = 0) in vec3 inPosition[];
layout(set = 0, binding = 0) uniform Mvp { mat4 mvp; } u;
void main() {
    vec3 p = gl_TessCoord.x * inPosition[0] + gl_TessCoord.y * inPosition[1] + gl_TessCoord.z * inPosition[2];
    gl_Position = u.mvp * vec4(p, 1.0);
}
