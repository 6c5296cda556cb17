#version 450
// Tiny utility kernel: blend two images by a factor (3D workgroup, z = array layer).
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2DArray a;
layout(set = 0, binding = 1, rgba8) uniform readonly image2DArray b;
layout(set = 0, binding = 2, rgba8) uniform writeonly image2DArray result;
layout(push_constant) uniform Blend { float t; } blend;
void main() {
    ivec3 p = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(p, imageSize(result)))) return;
    imageStore(result, p, mix(imageLoad(a, p), imageLoad(b, p), blend.t));
}
