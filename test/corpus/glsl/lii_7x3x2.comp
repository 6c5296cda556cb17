// run: groups=2,3,1 buffers=0:4096,1:1024
#version 450
// Non-power-of-two 7x3x2 workgroup. Decomposes gl_LocalInvocationIndex back
// into x/y/z and records whether it matches gl_LocalInvocationID.

layout(local_size_x = 7, local_size_y = 3, local_size_z = 2) in;

layout(std430, set = 0, binding = 0) buffer Records {
    uvec4 records[];
};

layout(std430, set = 0, binding = 1) buffer Flags {
    uint mismatches[];
};

uvec3 decompose(uint index) {
    return uvec3(index % 7u, (index / 7u) % 3u, index / 21u);
}

void main() {
    uint group = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
    uint global = group * 42u + gl_LocalInvocationIndex;
    uvec3 id = decompose(gl_LocalInvocationIndex);
    bvec3 same = equal(id, gl_LocalInvocationID);
    uint flags = (same.x ? 0u : 1u) | (same.y ? 0u : 2u) | (same.z ? 0u : 4u);
    records[global] = uvec4(id, gl_LocalInvocationIndex);
    mismatches[global] = flags;
}
