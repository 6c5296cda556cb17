#version 450
// Skinned-mesh vertex shader: UBO with a bone palette, push constants,
// an output block and a helper function called from main.

const int MAX_BONES = 64;
const int MAX_INFLUENCES = 4;

layout(constant_id = 0) const bool USE_SKINNING = true;
layout(constant_id = 1) const int NUM_INFLUENCES = 4;

struct Camera {
    mat4 view;
    mat4 proj;
    vec4 positionAndTime;
};

layout(set = 0, binding = 0, std140) uniform Frame {
    Camera camera;
    vec4 clipPlane;
} frame;

layout(set = 1, binding = 0, std140) uniform Bones {
    mat4 palette[MAX_BONES];
} bones;

layout(push_constant) uniform Push {
    mat4 model;
    uint materialIndex;
    float morphWeight;
} pc;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec2 inUV;
layout(location = 4) in uvec4 inJoints;
layout(location = 5) in vec4 inWeights;
layout(location = 6) in vec3 inMorphDelta;

layout(location = 0) out VertexOut {
    vec3 worldPos;
    vec3 normal;
    vec4 tangent;
    vec2 uv;
    flat uint material;
} vout;

out gl_PerVertex {
    vec4 gl_Position;
    float gl_ClipDistance[1];
};

mat4 skinMatrix(uvec4 joints, vec4 weights) {
    if (!USE_SKINNING) {
        return mat4(1.0);
    }
    mat4 m = mat4(0.0);
    float total = 0.0;
    for (int i = 0; i < MAX_INFLUENCES; ++i) {
        if (i >= NUM_INFLUENCES) break;
        float w = weights[i];
        if (w <= 0.0) continue;
        m += bones.palette[min(joints[i], uint(MAX_BONES - 1))] * w;
        total += w;
    }
    return total > 0.0 ? m * (1.0 / total) : mat4(1.0);
}

void main() {
    vec3 pos = inPosition + inMorphDelta * pc.morphWeight;
    mat4 world = pc.model * skinMatrix(inJoints, inWeights);
    vec4 wp = world * vec4(pos, 1.0);
    mat3 nmat = transpose(inverse(mat3(world)));

    vout.worldPos = wp.xyz;
    vout.normal = normalize(nmat * inNormal);
    vout.tangent = vec4(normalize(mat3(world) * inTangent.xyz), inTangent.w);
    vout.uv = inUV;
    vout.material = pc.materialIndex;

    gl_ClipDistance[0] = dot(wp, frame.clipPlane);
    gl_Position = frame.camera.proj * frame.camera.view * wp;
}
