#version 450
layout(location = 0) in vec3 inWorldPos;
layout(push_constant) uniform Face { mat4 faceViewProj; mat4 model; vec4 lightPosRange; } face;
void main() {
    // Linear distance in [0, 1] makes the cube map's comparisons independent of each face's projection.
    gl_FragDepth = length(inWorldPos - face.lightPosRange.xyz) / face.lightPosRange.w;
}
