// One big triangle covering the screen, from gl_VertexIndex alone (no vertex buffer).
#ifndef FULLSCREEN_GLSL
#define FULLSCREEN_GLSL

vec2 fullscreenUv(int vertexIndex) {
    return vec2((vertexIndex << 1) & 2, vertexIndex & 2);
}

vec4 fullscreenPosition(int vertexIndex) {
    return vec4(fullscreenUv(vertexIndex) * 2.0 - 1.0, 0.0, 1.0);
}

#endif
