#version 450
// Glyph outlines drawn as tessellated quadratic Bezier segments (3 control points per patch).
layout(vertices = 3) out;
layout(location = 0) in vec2 inPoint[];
layout(location = 0) out vec2 outPoint[];
layout(push_constant) uniform Curve { float pixelScale; } curve;
void main() {
    outPoint[gl_InvocationID] = inPoint[gl_InvocationID];
    if (gl_InvocationID == 0) {
        // More segments the more the middle point bends the curve away from the chord.
        vec2 chordMid = 0.5 * (inPoint[0] + inPoint[2]);
        float bend = length(inPoint[1] - chordMid) * curve.pixelScale;
        gl_TessLevelOuter[0] = 1.0;
        gl_TessLevelOuter[1] = clamp(sqrt(bend) * 2.0, 1.0, 32.0);
    }
}
