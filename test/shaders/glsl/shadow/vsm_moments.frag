#version 450
// Variance shadow maps store depth and depth squared; the partial derivatives bias the second
// moment so a slope does not self-shadow.
layout(location = 0) out vec2 outMoments;
void main() {
    float d = gl_FragCoord.z;
    float dx = dFdx(d), dy = dFdy(d);
    outMoments = vec2(d, d * d + 0.25 * (dx * dx + dy * dy));
}
