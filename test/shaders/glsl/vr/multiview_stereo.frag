#version 450
#extension GL_EXT_multiview : require
layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec3 inToEye;
layout(location = 0) out vec4 outColor;
void main() {
    vec3 n = normalize(inNormal);
    float rim = pow(1.0 - max(dot(n, normalize(inToEye)), 0.0), 3.0);
    // Tint per eye in debug builds helps spot swapped eyes; here only a hair of it.
    vec3 tint = gl_ViewIndex == 0 ? vec3(1.0, 0.99, 0.99) : vec3(0.99, 0.99, 1.0);
    outColor = vec4((vec3(0.3) + max(n.y, 0.0) * 0.6 + rim * 0.3) * tint, 1.0);
}
