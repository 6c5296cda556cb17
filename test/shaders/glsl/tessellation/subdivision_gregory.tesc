#version 450
// Approximate Catmull-Clark on regular quads: the 4x4 neighbourhood of B-spline control points
// (one-ring gathered by the application) converted to Bezier form once per patch.
layout(vertices = 16) out;
layout(location = 0) in vec3 inControl[];
layout(location = 0) out vec3 outBezier[];
layout(push_constant) uniform Params { float level; } params;

const mat4 BSPLINE_TO_BEZIER = mat4(
    1.0 / 6.0, 0.0, 0.0, 0.0,
    4.0 / 6.0, 4.0 / 6.0, 2.0 / 6.0, 1.0 / 6.0,
    1.0 / 6.0, 2.0 / 6.0, 4.0 / 6.0, 4.0 / 6.0,
    0.0, 0.0, 0.0, 1.0 / 6.0);

void main() {
    int i = gl_InvocationID % 4;
    int j = gl_InvocationID / 4;
    vec3 sum = vec3(0.0);
    for (int b = 0; b < 4; ++b)
        for (int a = 0; a < 4; ++a)
            sum += BSPLINE_TO_BEZIER[a][i] * BSPLINE_TO_BEZIER[b][j] * inControl[b * 4 + a];
    outBezier[gl_InvocationID] = sum;
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = params.level;
        gl_TessLevelInner[0] = gl_TessLevelInner[1] = params.level;
    }
}
