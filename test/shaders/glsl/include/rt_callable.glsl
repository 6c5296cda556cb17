// The data callable material shaders receive from callable_materials.rgen.
#ifndef RT_CALLABLE_GLSL
#define RT_CALLABLE_GLSL

struct ShadeCall {
    vec3 position;
    vec3 normal;
    vec2 uv;
    vec3 viewDir;
    vec3 color;   // out
};

const vec3 CALLABLE_SUN_DIR = vec3(0.40824829, 0.81649658, 0.40824829);

#endif
