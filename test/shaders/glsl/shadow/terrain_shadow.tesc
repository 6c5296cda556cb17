#version 450
// Shadow maps need far less detail: a fixed low level, and no camera-frustum culling
// (off-screen terrain still casts shadows onto the screen).
layout(vertices = 4) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 0) out vec3 outPosition[];
layout(constant_id = 0) const float SHADOW_LEVEL = 8.0;
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = SHADOW_LEVEL;
        gl_TessLevelInner[0] = gl_TessLevelInner[1] = SHADOW_LEVEL;
    }
}
