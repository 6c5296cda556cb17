// What the meshlet task shaders hand to their mesh shaders (GL_EXT_mesh_shader).
#ifndef MESH_PAYLOAD_GLSL
#define MESH_PAYLOAD_GLSL

const uint TASK_GROUP_SIZE = 32u;

struct MeshletPayload {
    uint baseMeshlet;
    uint instance;
    uint lod;
    uint pad;
    uint deltaIds[TASK_GROUP_SIZE]; // surviving meshlets, relative to baseMeshlet
};

#endif
