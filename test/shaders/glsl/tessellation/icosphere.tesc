#version 450
// An icosahedron tessellated and pushed to the sphere: smooth spheres at any distance.
layout(vertices = 3) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outPosition[];
layout(push_constant) uniform Sphere { mat4 mvp; float level; } sphere;
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelInner[0] = sphere.level;
        gl_TessLevelOuter[0] = sphere.level;
        gl_TessLevelOuter[1] = sphere.level;
        gl_TessLevelOuter[2] = sphere.level;
    }
}
