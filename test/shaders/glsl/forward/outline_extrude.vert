#version 450

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(push_constant) uniform Outline {
    mat4 mvp;
    vec4 color;
    float width;     // in clip units at w = 1, so the outline keeps its screen width
} outline;

void main() {
    vec4 clip = outline.mvp * vec4(inPosition, 1.0);
    vec3 clipNormal = mat3(outline.mvp) * inNormal;
    clip.xy += normalize(clipNormal.xy) * outline.width * clip.w;
    gl_Position = clip;
}
