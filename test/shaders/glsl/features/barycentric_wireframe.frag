// target-env: vulkan1.2
#version 460
#extension GL_EXT_fragment_shader_barycentric : require

// Wireframe from hardware barycentrics, plus a per-vertex attribute read without interpolation.
layout(location = 0) pervertexEXT in vec3 inColor[];
layout(location = 0) out vec4 outColor;

void main() {
    vec3 b = gl_BaryCoordEXT;
    vec3 d = fwidth(b);
    vec3 edges = smoothstep(vec3(0.0), d * 1.5, b);
    float line = 1.0 - min(edges.x, min(edges.y, edges.z));
    vec3 provoking = inColor[0];
    vec3 interpolated = inColor[0] * b.x + inColor[1] * b.y + inColor[2] * b.z;
    outColor = vec4(mix(interpolated, provoking, 0.2) * (1.0 - line), 1.0);
}
