#version 450
// 2D workgroup with a flattened index used for a cooperative tile load and a tree reduction;
// a typical case the local-invocation-index lowering has to handle in 2D.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32f) uniform readonly image2D src;
layout(set = 0, binding = 1, std430) writeonly buffer TileStats { vec2 stats[]; }; // mean, max
shared float tileValues[64];
shared float tileMax[64];
void main() {
    uint lid = gl_LocalInvocationIndex;
    float v = imageLoad(src, ivec2(gl_GlobalInvocationID.xy)).r;
    tileValues[lid] = v;
    tileMax[lid] = v;
    barrier();
    for (uint s = 32u; s > 0u; s >>= 1) {
        if (lid < s) {
            tileValues[lid] += tileValues[lid + s];
            tileMax[lid] = max(tileMax[lid], tileMax[lid + s]);
        }
        barrier();
    }
    if (lid == 0u) stats[gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x] = vec2(tileValues[0] / 64.0, tileMax[0]);
}
