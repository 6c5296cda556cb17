#version 450
layout(vertices = 3) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outPosition[];
layout(constant_id = 0) const float LEVEL = 4.0;
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    gl_TessLevelOuter[gl_InvocationID] = LEVEL;
    if (gl_InvocationID == 0) gl_TessLevelInner[0] = LEVEL;
}
