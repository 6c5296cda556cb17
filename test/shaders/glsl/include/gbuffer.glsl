// G-buffer layout shared by the geometry pass (writes) and lighting passes (reads).
#ifndef GBUFFER_GLSL
#define GBUFFER_GLSL
#include "octahedral.glsl"

struct SurfaceData {
    vec3 albedo;
    vec3 normal;
    float roughness;
    float metallic;
    float occlusion;
    vec3 emissive;
};

// RT0: albedo.rgb + occlusion; RT1: octahedral normal.xy + roughness + metallic; RT2: emissive.
void packGbuffer(SurfaceData s, out vec4 rt0, out vec4 rt1, out vec4 rt2) {
    rt0 = vec4(s.albedo, s.occlusion);
    rt1 = vec4(octEncode(s.normal), s.roughness, s.metallic);
    rt2 = vec4(s.emissive, 1.0);
}

SurfaceData unpackGbuffer(vec4 rt0, vec4 rt1, vec4 rt2) {
    SurfaceData s;
    s.albedo = rt0.rgb;
    s.occlusion = rt0.a;
    s.normal = octDecode(rt1.xy);
    s.roughness = rt1.z;
    s.metallic = rt1.w;
    s.emissive = rt2.rgb;
    return s;
}

#endif
