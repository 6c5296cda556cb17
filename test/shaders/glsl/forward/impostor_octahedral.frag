#version 450

layout(location = 0) in vec2 inUv;
layout(location = 1) flat in vec2 inFrame;

layout(set = 1, binding = 0) uniform sampler2D impostorAlbedo;
layout(set = 1, binding = 1) uniform sampler2D impostorNormalDepth;
layout(push_constant) uniform Impostor { float framesPerSide; } imp;

layout(location = 0) out vec4 outAlbedo;
layout(location = 1) out vec4 outNormal;

void main() {
    vec2 atlasUv = (inFrame + inUv) / imp.framesPerSide;
    vec4 albedo = texture(impostorAlbedo, atlasUv);
    if (albedo.a < 0.5) discard;
    vec4 nd = texture(impostorNormalDepth, atlasUv);
    outAlbedo = albedo;
    outNormal = vec4(nd.xyz * 2.0 - 1.0, 1.0);
    // The baked depth pushes each texel back to where the real tree's surface was.
    gl_FragDepth = gl_FragCoord.z + (nd.w - 0.5) * 0.001;
}
