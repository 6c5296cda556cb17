#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/noise.glsl"
layout(quads, fractional_odd_spacing, ccw) in;
layout(location = 0) in vec3 inCubePos[];
layout(push_constant) uniform Planet { vec4 centerRadius; float pixelsPerEdge; float mountainHeight; } planet;
layout(location = 0) out vec3 outNormal;
layout(location = 1) out float outHeight;
void main() {
    vec3 c = mix(mix(inCubePos[0], inCubePos[1], gl_TessCoord.x), mix(inCubePos[3], inCubePos[2], gl_TessCoord.x), gl_TessCoord.y);
    // Equal-area-ish mapping of the cube to the sphere (less distortion at the corners than normalize).
    vec3 c2 = c * c;
    vec3 n = c * sqrt(1.0 - 0.5 * (c2.yzx + c2.zxy) + c2.yzx * c2.zxy / 3.0);
    n = normalize(n);
    float h = fbm3(n * 4.0, 6);
    outNormal = n;
    outHeight = h;
    gl_Position = camera.viewProj * vec4(planet.centerRadius.xyz + n * (planet.centerRadius.w + h * planet.mountainHeight), 1.0);
}
