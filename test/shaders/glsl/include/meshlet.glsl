// Meshlet data as the offline builder writes it (64 vertices, 124 triangles per meshlet).
#ifndef MESHLET_GLSL
#define MESHLET_GLSL

const uint MAX_MESHLET_VERTICES = 64u;
const uint MAX_MESHLET_TRIANGLES = 124u;

struct Meshlet {
    vec4 boundingSphere;  // xyz centre, w radius (object space)
    vec4 cone;            // xyz axis, w cutoff
    vec4 coneApex;        // xyz, w unused
    uint vertexOffset;    // into meshletVertices
    uint triangleOffset;  // into meshletTriangles (bytes, 3 per triangle)
    uint vertexCount;
    uint triangleCount;
};

struct MeshVertex {
    float px, py, pz;
    float nx, ny, nz;
    float u, v;
};

#endif
