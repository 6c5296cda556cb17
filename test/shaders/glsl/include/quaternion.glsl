// Quaternion helpers (x, y, z, w with w the scalar part).
#ifndef QUATERNION_GLSL
#define QUATERNION_GLSL

vec3 quatRotate(vec4 q, vec3 v) {
    vec3 t = 2.0 * cross(q.xyz, v);
    return v + q.w * t + cross(q.xyz, t);
}

vec4 quatMul(vec4 a, vec4 b) {
    return vec4(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

vec4 quatFromAxisAngle(vec3 axis, float angle) {
    return vec4(axis * sin(angle * 0.5), cos(angle * 0.5));
}

mat3 quatToMat3(vec4 q) {
    vec3 q2 = q.xyz * 2.0;
    float xx = q.x * q2.x, yy = q.y * q2.y, zz = q.z * q2.z;
    float xy = q.x * q2.y, xz = q.x * q2.z, yz = q.y * q2.z;
    float wx = q.w * q2.x, wy = q.w * q2.y, wz = q.w * q2.z;
    return mat3(1.0 - yy - zz, xy + wz, xz - wy,
                xy - wz, 1.0 - xx - zz, yz + wx,
                xz + wy, yz - wx, 1.0 - xx - yy);
}

#endif
