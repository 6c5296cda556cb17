// run: groups=3,1,2 buffers=0:1024
#version 450
// Workgroup 1x6x1: only y is non-trivial, so gl_LocalInvocationIndex equals
// gl_LocalInvocationID.y while x and z are always zero.

layout(local_size_x = 1, local_size_y = 6, local_size_z = 1) in;

layout(std430, set = 0, binding = 0) buffer Out {
    uvec4 records[];
};

void main() {
    uint group = gl_WorkGroupID.x
        + gl_WorkGroupID.y * gl_NumWorkGroups.x
        + gl_WorkGroupID.z * gl_NumWorkGroups.x * gl_NumWorkGroups.y;
    uint global = group * 6u + gl_LocalInvocationIndex;
    records[global] = uvec4(gl_LocalInvocationIndex,
                            gl_LocalInvocationID.y,
                            gl_LocalInvocationID.x + gl_LocalInvocationID.z,
                            gl_GlobalInvocationID.y * 100u + gl_GlobalInvocationID.z);
}
