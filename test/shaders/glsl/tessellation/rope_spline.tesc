#version 450
// Ropes and cables: a cubic segment per patch becomes a tube of `sides` x `segments` quads.
layout(vertices = 4) out;
layout(location = 0) in vec4 inPoint[]; // xyz, w radius
layout(location = 0) out vec4 outPoint[];
layout(constant_id = 0) const float SIDES = 8.0;
layout(push_constant) uniform Rope { float segments; } rope;
void main() {
    outPoint[gl_InvocationID] = inPoint[gl_InvocationID];
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = rope.segments;
        gl_TessLevelOuter[1] = SIDES;
        gl_TessLevelOuter[2] = rope.segments;
        gl_TessLevelOuter[3] = SIDES;
        gl_TessLevelInner[0] = SIDES;
        gl_TessLevelInner[1] = rope.segments;
    }
}
