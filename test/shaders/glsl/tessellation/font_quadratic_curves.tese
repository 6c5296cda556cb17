#version 450
layout(isolines, equal_spacing) in;
layout(location = 0) in vec2 inPoint[];
layout(push_constant) uniform Curve { float pixelScale; float pad; vec2 screenScale; vec2 screenOffset; } curve;
void main() {
    float t = gl_TessCoord.x;
    vec2 p = (1.0 - t) * (1.0 - t) * inPoint[0] + 2.0 * (1.0 - t) * t * inPoint[1] + t * t * inPoint[2];
    gl_Position = vec4(p * curve.screenScale + curve.screenOffset, 0.0, 1.0);
}
