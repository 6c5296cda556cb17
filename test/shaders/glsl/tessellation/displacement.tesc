#version 450
// Displacement-mapped triangles: uniform level from a push constant, culled when back-facing
// beyond what the maximum displacement could bring back.
layout(vertices = 3) out;
layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 2) in vec2 inUv[];
layout(location = 0) out vec3 outPosition[];
layout(location = 1) out vec3 outNormal[];
layout(location = 2) out vec2 outUv[];
layout(push_constant) uniform Params { vec4 cameraPos; float level; float maxDisplacement; } params;
void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    outNormal[gl_InvocationID] = inNormal[gl_InvocationID];
    outUv[gl_InvocationID] = inUv[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec3 faceNormal = normalize(cross(inPosition[1] - inPosition[0], inPosition[2] - inPosition[0]));
        vec3 toCamera = params.cameraPos.xyz - inPosition[0];
        bool backFacing = dot(faceNormal, toCamera) < -params.maxDisplacement;
        float level = backFacing ? 0.0 : params.level;
        gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = level;
        gl_TessLevelInner[0] = level;
    }
}
