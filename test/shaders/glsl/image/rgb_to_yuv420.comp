#version 450
// Video encode input: RGB to NV12 (full-res Y plane, half-res interleaved UV), BT.709.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D rgb;
layout(set = 0, binding = 1, r8) uniform writeonly image2D yPlane;
layout(set = 0, binding = 2, rg8) uniform writeonly image2D uvPlane;
void main() {
    ivec2 c = ivec2(gl_GlobalInvocationID.xy); // one chroma sample, four luma samples
    if (any(greaterThanEqual(c, imageSize(uvPlane)))) return;
    vec3 sum = vec3(0.0);
    for (int i = 0; i < 4; ++i) {
        ivec2 p = c * 2 + ivec2(i & 1, i >> 1);
        vec3 px = texelFetch(rgb, p, 0).rgb;
        float y = dot(px, vec3(0.2126, 0.7152, 0.0722));
        imageStore(yPlane, p, vec4(16.0 / 255.0 + y * 219.0 / 255.0));
        sum += px;
    }
    vec3 avg = sum * 0.25;
    float y = dot(avg, vec3(0.2126, 0.7152, 0.0722));
    vec2 uv = vec2((avg.b - y) / 1.8556, (avg.r - y) / 1.5748);
    imageStore(uvPlane, c, vec4(uv * 224.0 / 255.0 + 128.0 / 255.0, 0.0, 0.0));
}
