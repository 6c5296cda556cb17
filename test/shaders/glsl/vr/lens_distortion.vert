#version 450

// Distortion mesh: each vertex carries the source uv per colour channel (chromatic aberration).
layout(location = 0) in vec2 inPosition;
layout(location = 1) in vec2 inUvRed;
layout(location = 2) in vec2 inUvGreen;
layout(location = 3) in vec2 inUvBlue;
layout(location = 4) in float inVignette;

layout(push_constant) uniform Eye { vec2 uvScale; vec2 uvOffset; } eye;

layout(location = 0) out vec2 outUvR;
layout(location = 1) out vec2 outUvG;
layout(location = 2) out vec2 outUvB;
layout(location = 3) out float outVignette;

void main() {
    outUvR = inUvRed * eye.uvScale + eye.uvOffset;
    outUvG = inUvGreen * eye.uvScale + eye.uvOffset;
    outUvB = inUvBlue * eye.uvScale + eye.uvOffset;
    outVignette = inVignette;
    gl_Position = vec4(inPosition, 0.5, 1.0);
}
