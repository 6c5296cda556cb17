// Visibility tests shared by the GPU-driven culling passes and task shaders.
#ifndef CULLING_GLSL
#define CULLING_GLSL

bool sphereInFrustum(vec4 planes[6], vec3 center, float radius) {
    for (int i = 0; i < 6; ++i) {
        if (dot(planes[i].xyz, center) + planes[i].w < -radius) return false;
    }
    return true;
}

// Normal-cone backface test for a cluster (apex, axis, cutoff = cos of the cone's half angle).
bool coneBackfacing(vec3 coneApex, vec3 coneAxis, float coneCutoff, vec3 cameraPos) {
    return dot(normalize(coneApex - cameraPos), coneAxis) >= coneCutoff;
}

// Projects a view-space sphere to a screen-space AABB (Mara & McGuire 2013). false if it crosses near.
bool projectSphere(vec3 c, float r, float znear, float p00, float p11, out vec4 aabb) {
    if (-c.z < r + znear) return false;
    vec2 cx = vec2(c.x, -c.z);
    vec2 vx = vec2(sqrt(dot(cx, cx) - r * r), r);
    vec2 minx = mat2(vx.x, vx.y, -vx.y, vx.x) * cx;
    vec2 maxx = mat2(vx.x, -vx.y, vx.y, vx.x) * cx;
    vec2 cy = vec2(-c.y, -c.z);
    vec2 vy = vec2(sqrt(dot(cy, cy) - r * r), r);
    vec2 miny = mat2(vy.x, vy.y, -vy.y, vy.x) * cy;
    vec2 maxy = mat2(vy.x, -vy.y, vy.y, vy.x) * cy;
    aabb = vec4(minx.x / minx.y * p00, miny.x / miny.y * p11, maxx.x / maxx.y * p00, maxy.x / maxy.y * p11);
    aabb = aabb.xwzy * vec4(0.5, -0.5, 0.5, -0.5) + vec4(0.5);
    return true;
}

#endif
