#version 450
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/gbuffer.glsl"
#include "../include/brdf.glsl"
#include "../include/lights.glsl"

// Full-screen pass over the G-buffer read as input attachments of the same render pass.
layout(input_attachment_index = 0, set = 1, binding = 0) uniform subpassInput gRt0;
layout(input_attachment_index = 1, set = 1, binding = 1) uniform subpassInput gRt1;
layout(input_attachment_index = 2, set = 1, binding = 2) uniform subpassInput gRt2;
layout(input_attachment_index = 3, set = 1, binding = 3) uniform subpassInput gDepth;

layout(set = 2, binding = 0, std430) readonly buffer LightList { uint lightCount; uint pad[3]; Light lights[]; };
layout(set = 2, binding = 1) uniform sampler2D ssaoTexture;

layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;

void main() {
    float depth = subpassLoad(gDepth).r;
    if (depth == 1.0) discard; // sky
    SurfaceData s = unpackGbuffer(subpassLoad(gRt0), subpassLoad(gRt1), subpassLoad(gRt2));
    vec3 p = worldFromDepth(inUv, depth);
    vec3 v = normalize(camera.position.xyz - p);
    vec3 color = s.emissive;
    for (uint i = 0u; i < lightCount; ++i) {
        vec3 l;
        vec3 radiance = lightRadiance(lights[i], p, l);
        color += evaluateBrdf(s.normal, v, l, s.albedo, s.metallic, s.roughness, radiance);
    }
    float ao = texture(ssaoTexture, inUv).r * s.occlusion;
    color += s.albedo * 0.03 * ao;
    outColor = vec4(color, 1.0);
}
