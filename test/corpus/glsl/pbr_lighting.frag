#version 450
// Forward PBR fragment shader: light array in a UBO, sampler arrays,
// a combined image sampler, an SSBO of materials, spec constants and loops.

layout(constant_id = 0) const int MAX_LIGHTS = 8;
layout(constant_id = 1) const float EXPOSURE = 1.0;

const float PI = 3.14159265358979;

struct Light {
    vec4 positionRange;   // xyz position, w range (0 = directional)
    vec4 colorIntensity;
    vec4 direction;
};

struct Material {
    vec4 baseColor;
    float metallic;
    float roughness;
    uint albedoTex;
    uint normalTex;
};

layout(set = 0, binding = 1, std140) uniform Lights {
    Light lights[16];
    int count;
    vec3 cameraPos;
} lightData;

layout(set = 0, binding = 2, std430) readonly buffer Materials {
    Material materials[];
};

layout(set = 1, binding = 0) uniform sampler2D textures[8];
layout(set = 1, binding = 1) uniform samplerCube environment;
layout(set = 1, binding = 2) uniform sampler2DShadow shadowMap;

layout(location = 0) in VertexOut {
    vec3 worldPos;
    vec3 normal;
    vec4 tangent;
    vec2 uv;
    flat uint material;
} fin;

layout(location = 0) out vec4 outColor;
layout(location = 1) out vec4 outNormalRoughness;

float distributionGGX(float NdotH, float roughness) {
    float a = roughness * roughness;
    float a2 = a * a;
    float d = NdotH * NdotH * (a2 - 1.0) + 1.0;
    return a2 / max(PI * d * d, 1e-6);
}

float geometrySmith(float NdotV, float NdotL, float roughness) {
    float k = (roughness + 1.0) * (roughness + 1.0) / 8.0;
    float gv = NdotV / (NdotV * (1.0 - k) + k);
    float gl = NdotL / (NdotL * (1.0 - k) + k);
    return gv * gl;
}

vec3 fresnelSchlick(float cosTheta, vec3 F0) {
    return F0 + (1.0 - F0) * pow(clamp(1.0 - cosTheta, 0.0, 1.0), 5.0);
}

vec3 shadeLight(Light light, Material mat, vec3 albedo, vec3 N, vec3 V) {
    vec3 L;
    float attenuation = 1.0;
    if (light.positionRange.w > 0.0) {
        vec3 d = light.positionRange.xyz - fin.worldPos;
        float dist = length(d);
        L = d / dist;
        attenuation = clamp(1.0 - dist / light.positionRange.w, 0.0, 1.0);
        attenuation *= attenuation;
    } else {
        L = -normalize(light.direction.xyz);
    }
    vec3 H = normalize(V + L);
    float NdotL = max(dot(N, L), 0.0);
    float NdotV = max(dot(N, V), 1e-4);
    float NdotH = max(dot(N, H), 0.0);
    vec3 F0 = mix(vec3(0.04), albedo, mat.metallic);
    vec3 F = fresnelSchlick(max(dot(H, V), 0.0), F0);
    float D = distributionGGX(NdotH, mat.roughness);
    float G = geometrySmith(NdotV, NdotL, mat.roughness);
    vec3 spec = D * G * F / max(4.0 * NdotV * NdotL, 1e-4);
    vec3 kd = (1.0 - F) * (1.0 - mat.metallic);
    vec3 radiance = light.colorIntensity.rgb * light.colorIntensity.a * attenuation;
    return (kd * albedo / PI + spec) * radiance * NdotL;
}

void main() {
    Material mat = materials[fin.material];
    vec4 albedo = mat.baseColor * texture(textures[mat.albedoTex & 7u], fin.uv);
    if (albedo.a < 0.1) {
        discard;
    }
    vec3 tn = texture(textures[mat.normalTex & 7u], fin.uv).xyz * 2.0 - 1.0;
    vec3 N = normalize(fin.normal);
    vec3 T = normalize(fin.tangent.xyz - N * dot(N, fin.tangent.xyz));
    vec3 B = cross(N, T) * fin.tangent.w;
    N = normalize(mat3(T, B, N) * tn);
    vec3 V = normalize(lightData.cameraPos - fin.worldPos);

    vec3 color = vec3(0.0);
    int n = min(lightData.count, MAX_LIGHTS);
    for (int i = 0; i < n; ++i) {
        color += shadeLight(lightData.lights[i], mat, albedo.rgb, N, V);
    }
    float shadow = texture(shadowMap, vec3(fin.uv, fin.worldPos.z * 0.5 + 0.5));
    vec3 ambient = textureLod(environment, reflect(-V, N), mat.roughness * 6.0).rgb;
    color = color * (0.25 + 0.75 * shadow) + ambient * albedo.rgb * 0.03;
    color = vec3(1.0) - exp(-color * EXPOSURE);
    outColor = vec4(color, albedo.a);
    outNormalRoughness = vec4(N * 0.5 + 0.5, mat.roughness);
}
