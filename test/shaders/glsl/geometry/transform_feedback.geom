#version 450
// Stream output: each input triangle's centroid and area captured to a transform feedback buffer
// for a later CPU or compute pass; nothing is rasterised.
layout(triangles) in;
layout(points, max_vertices = 1) out;
layout(location = 0) in vec3 inWorldPos[];
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 outCentroidArea;
void main() {
    vec3 c = (inWorldPos[0] + inWorldPos[1] + inWorldPos[2]) / 3.0;
    float area = 0.5 * length(cross(inWorldPos[1] - inWorldPos[0], inWorldPos[2] - inWorldPos[0]));
    outCentroidArea = vec4(c, area);
    gl_Position = vec4(c, 1.0);
    EmitVertex();
    EndPrimitive();
}
