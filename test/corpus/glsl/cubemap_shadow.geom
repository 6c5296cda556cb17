#version 450
// Layered rendering: one triangle in, six triangles out (one per cube face),
// with invocations, a UBO array of matrices and per-vertex output struct.

layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 18) out;

layout(set = 0, binding = 0, std140) uniform Faces {
    mat4 viewProj[6];
    vec4 lightPosFar[2];
} faces;

layout(location = 0) in vec3 inWorldPos[];
layout(location = 1) in vec2 inUV[];

layout(location = 0) out vec4 outLightVec;
layout(location = 1) out vec2 outUV;

in gl_PerVertex {
    vec4 gl_Position;
} gl_in[];

out gl_PerVertex {
    vec4 gl_Position;
};

bool faceVisible(int face, vec3 a, vec3 b, vec3 c) {
    vec4 pa = faces.viewProj[face] * vec4(a, 1.0);
    vec4 pb = faces.viewProj[face] * vec4(b, 1.0);
    vec4 pc = faces.viewProj[face] * vec4(c, 1.0);
    // cull triangles entirely outside one clip plane
    for (int axis = 0; axis < 3; ++axis) {
        if (pa[axis] > pa.w && pb[axis] > pb.w && pc[axis] > pc.w) return false;
        if (pa[axis] < -pa.w && pb[axis] < -pb.w && pc[axis] < -pc.w) return false;
    }
    return true;
}

void main() {
    vec4 lp = faces.lightPosFar[gl_InvocationID];
    for (int face = 0; face < 6; ++face) {
        if (!faceVisible(face, inWorldPos[0], inWorldPos[1], inWorldPos[2])) {
            continue;
        }
        for (int v = 0; v < 3; ++v) {
            gl_Layer = face + 6 * gl_InvocationID;
            gl_PrimitiveID = gl_PrimitiveIDIn;
            outLightVec = vec4(inWorldPos[v] - lp.xyz, lp.w);
            outUV = inUV[v];
            gl_Position = faces.viewProj[face] * vec4(inWorldPos[v], 1.0);
            EmitVertex();
        }
        EndPrimitive();
    }
}
