#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/tess_lod.glsl"
// Cube-sphere planet: patches on the cube's faces, levels from where they land on the sphere.
layout(vertices = 4) out;
layout(location = 0) in vec3 inCubePos[];
layout(location = 0) out vec3 outCubePos[];
layout(push_constant) uniform Planet { vec4 centerRadius; float pixelsPerEdge; } planet;
vec3 onSphere(vec3 c) { return planet.centerRadius.xyz + normalize(c) * planet.centerRadius.w; }
void main() {
    outCubePos[gl_InvocationID] = inCubePos[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec3 s[4];
        for (int i = 0; i < 4; ++i) s[i] = onSphere(inCubePos[i]);
        // Horizon culling: a patch whose corners all face away from the camera is behind the planet.
        vec3 toCam = camera.position.xyz - planet.centerRadius.xyz;
        bool anyFacing = false;
        for (int i = 0; i < 4; ++i) anyFacing = anyFacing || dot(normalize(s[i] - planet.centerRadius.xyz), toCam) > -0.1 * planet.centerRadius.w;
        for (int e = 0; e < 4; ++e) gl_TessLevelOuter[e] = anyFacing ? edgeTessLevel(s[(e + 3) % 4], s[e], planet.pixelsPerEdge, 64.0) : 0.0;
        gl_TessLevelInner[0] = max(gl_TessLevelOuter[1], gl_TessLevelOuter[3]);
        gl_TessLevelInner[1] = max(gl_TessLevelOuter[0], gl_TessLevelOuter[2]);
    }
}
