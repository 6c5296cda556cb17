#version 450
// Bicubic Bezier patches (the Utah teapot's 32 patches): 16 control points pass through.
layout(vertices = 16) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outPosition[];
layout(push_constant) uniform Params { float inner; float outer; } params;
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelInner[0] = gl_TessLevelInner[1] = params.inner;
        gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = params.outer;
    }
}
