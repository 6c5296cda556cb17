// Descriptor-indexing tables: every texture and buffer of the scene in unbounded arrays.
// The including shader enables GL_EXT_nonuniform_qualifier.
#ifndef BINDLESS_GLSL
#define BINDLESS_GLSL

#ifndef BINDLESS_SET
#define BINDLESS_SET 2
#endif

layout(set = BINDLESS_SET, binding = 0) uniform sampler2D bindlessTextures[];
layout(set = BINDLESS_SET, binding = 1) uniform samplerCube bindlessCubes[];
layout(set = BINDLESS_SET, binding = 2, std430) readonly buffer BindlessFloats { float data[]; } bindlessBuffers[];

vec4 sampleBindless(uint index, vec2 uv) {
    return texture(bindlessTextures[nonuniformEXT(index)], uv);
}

vec4 sampleBindlessLod(uint index, vec2 uv, float lod) {
    return textureLod(bindlessTextures[nonuniformEXT(index)], uv, lod);
}

#endif
