#version 450
#extension GL_ARB_post_depth_coverage : require
// The sample mask after the depth test, so decals blend only into covered samples.
layout(early_fragment_tests) in;
layout(post_depth_coverage) in;
layout(location = 0) in vec4 inColor;
layout(location = 0) out vec4 outColor;
void main() {
    float coverage = float(bitCount(gl_SampleMaskIn[0])) / 4.0;
    outColor = vec4(inColor.rgb, inColor.a * coverage);
}
