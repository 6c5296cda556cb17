// The per-view uniform block every raster pass binds at set 0, binding 0.
#ifndef CAMERA_GLSL
#define CAMERA_GLSL

layout(set = 0, binding = 0, std140) uniform CameraBlock {
    mat4 view;
    mat4 proj;
    mat4 viewProj;
    mat4 invViewProj;
    mat4 prevViewProj;
    vec4 position;      // xyz: world position, w: unused
    vec4 frustum[6];    // planes, xyz normal pointing inwards, w distance
    vec2 viewport;      // pixels
    vec2 jitter;        // TAA sub-pixel offset in NDC
    float nearPlane;
    float farPlane;
    float time;
    uint frameIndex;
} camera;

float linearDepth(float d) {
    return camera.nearPlane * camera.farPlane / (camera.farPlane + d * (camera.nearPlane - camera.farPlane));
}

vec3 worldFromDepth(vec2 uv, float depth) {
    vec4 p = camera.invViewProj * vec4(uv * 2.0 - 1.0, depth, 1.0);
    return p.xyz / p.w;
}

#endif
