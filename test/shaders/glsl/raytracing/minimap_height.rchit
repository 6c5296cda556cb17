#version 460
#extension GL_EXT_ray_tracing : require
layout(set = 1, binding = 0, std430) readonly buffer InstanceColors { vec4 instanceColors[]; };
layout(location = 0) rayPayloadInEXT vec4 colorHeight;
void main() {
    float height = gl_WorldRayOriginEXT.y - gl_HitTEXT;
    colorHeight = vec4(instanceColors[gl_InstanceCustomIndexEXT].rgb, height);
}
