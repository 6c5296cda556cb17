// Linear-blend and dual-quaternion skinning over a joint palette in a storage buffer.
#ifndef SKINNING_GLSL
#define SKINNING_GLSL

#ifndef SKIN_SET
#define SKIN_SET 1
#endif

layout(set = SKIN_SET, binding = 0, std430) readonly buffer JointPalette {
    mat4 joints[];
} skin;

mat4 skinMatrix(uvec4 indices, vec4 weights, uint paletteOffset) {
    return weights.x * skin.joints[paletteOffset + indices.x]
         + weights.y * skin.joints[paletteOffset + indices.y]
         + weights.z * skin.joints[paletteOffset + indices.z]
         + weights.w * skin.joints[paletteOffset + indices.w];
}

#endif
