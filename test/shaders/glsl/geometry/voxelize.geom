#version 450
// Conservative-ish voxelisation: project each triangle along its dominant axis so it covers the
// most pixels, and pass the voxel-space position on (VXGI style).
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(set = 0, binding = 0, std140) uniform Voxel { mat4 worldToVoxel; float resolution; } voxel;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 1) in vec3 inNormal[];
layout(location = 0) out vec3 outVoxelPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) flat out int outAxis;
void main() {
    vec3 v[3];
    for (int i = 0; i < 3; ++i) v[i] = (voxel.worldToVoxel * vec4(inWorldPos[i], 1.0)).xyz;
    vec3 n = abs(cross(v[1] - v[0], v[2] - v[0]));
    int axis = n.x > n.y && n.x > n.z ? 0 : (n.y > n.z ? 1 : 2);
    vec2 center = (v[0].xy + v[1].xy + v[2].xy) / 3.0;
    for (int i = 0; i < 3; ++i) {
        vec3 p = v[i];
        vec2 proj = axis == 0 ? p.yz : (axis == 1 ? p.xz : p.xy);
        float depth = axis == 0 ? p.x : (axis == 1 ? p.y : p.z);
        // Dilate by half a voxel so thin triangles still cover a sample.
        vec2 c = axis == 0 ? (v[0].yz + v[1].yz + v[2].yz) / 3.0 : (axis == 1 ? (v[0].xz + v[1].xz + v[2].xz) / 3.0 : center);
        proj += normalize(proj - c + 1e-6) * (0.5 / voxel.resolution);
        outVoxelPos = p * 0.5 + 0.5;
        outNormal = inNormal[i];
        outAxis = axis;
        gl_Position = vec4(proj, depth * 0.5 + 0.5, 1.0);
        EmitVertex();
    }
    EndPrimitive();
}
