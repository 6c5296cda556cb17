#version 450
// Hair: each patch is a guide strand (4 control points); isolines make `density` interpolated
// strands of `segments` segments each.
layout(vertices = 4) out;
layout(location = 0) in vec4 inPosition[]; // w: strand thickness
layout(location = 0) out vec4 outPosition[];
layout(push_constant) uniform Hair { float density; float segments; } hair;
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = hair.density;
        gl_TessLevelOuter[1] = hair.segments;
    }
}
