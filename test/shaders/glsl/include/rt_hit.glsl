// Surface reconstruction at a triangle hit, for closest-hit and any-hit shaders.
#ifndef RT_HIT_GLSL
#define RT_HIT_GLSL
#include "rt_scene.glsl"

struct HitSurface {
    vec3 position;
    vec3 normal;      // shading normal, world space, facing the ray
    vec3 geoNormal;
    vec2 uv;
    uint material;
};

HitSurface hitSurface(vec2 barycentrics) {
    GpuInstance inst = instanceInfo[gl_InstanceCustomIndexEXT];
    uint base = inst.firstIndex + uint(gl_PrimitiveID) * 3u;
    GpuVertex v0 = sceneVertices[inst.vertexOffset + sceneIndices[base]];
    GpuVertex v1 = sceneVertices[inst.vertexOffset + sceneIndices[base + 1u]];
    GpuVertex v2 = sceneVertices[inst.vertexOffset + sceneIndices[base + 2u]];
    vec3 b = vec3(1.0 - barycentrics.x - barycentrics.y, barycentrics);
    HitSurface s;
    vec3 p = v0.position.xyz * b.x + v1.position.xyz * b.y + v2.position.xyz * b.z;
    s.position = gl_ObjectToWorldEXT * vec4(p, 1.0);
    vec3 n = v0.normal.xyz * b.x + v1.normal.xyz * b.y + v2.normal.xyz * b.z;
    s.normal = normalize((n * gl_WorldToObjectEXT).xyz); // inverse transpose of the linear part
    vec3 g = cross(v1.position.xyz - v0.position.xyz, v2.position.xyz - v0.position.xyz);
    s.geoNormal = normalize((g * gl_WorldToObjectEXT).xyz);
    if (dot(s.geoNormal, gl_WorldRayDirectionEXT) > 0.0) {
        s.geoNormal = -s.geoNormal;
        s.normal = -s.normal;
    }
    s.uv = vec2(v0.position.w, v0.normal.w) * b.x + vec2(v1.position.w, v1.normal.w) * b.y + vec2(v2.position.w, v2.normal.w) * b.z;
    s.material = inst.materialIndex;
    return s;
}

float hitAlpha(vec2 barycentrics) {
    HitSurface s = hitSurface(barycentrics);
    GpuMaterial m = materials[s.material];
    float a = m.baseColor.a;
    if (m.baseColorTexture >= 0) a *= textureLod(sceneTextures[m.baseColorTexture], s.uv, 0.0).a;
    return a;
}

#endif
