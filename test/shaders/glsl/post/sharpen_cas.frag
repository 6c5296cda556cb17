#version 450
// Contrast-adaptive sharpening in the spirit of AMD CAS: less where local contrast is high.
layout(set = 0, binding = 0) uniform sampler2D src;
layout(push_constant) uniform Params { float sharpness; } params;
layout(location = 0) in vec2 inUv;
layout(location = 0) out vec4 outColor;
void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    vec3 b = texelFetchOffset(src, p, 0, ivec2(0, -1)).rgb;
    vec3 d = texelFetchOffset(src, p, 0, ivec2(-1, 0)).rgb;
    vec3 e = texelFetch(src, p, 0).rgb;
    vec3 f = texelFetchOffset(src, p, 0, ivec2(1, 0)).rgb;
    vec3 h = texelFetchOffset(src, p, 0, ivec2(0, 1)).rgb;
    vec3 mn = min(e, min(min(b, d), min(f, h)));
    vec3 mx = max(e, max(max(b, d), max(f, h)));
    vec3 amp = sqrt(clamp(min(mn, 1.0 - mx) / max(mx, 1e-4), 0.0, 1.0));
    vec3 w = -amp / mix(8.0, 5.0, params.sharpness);
    outColor = vec4(clamp((e + (b + d + f + h) * w) / (1.0 + 4.0 * w), 0.0, 1.0), 1.0);
}
