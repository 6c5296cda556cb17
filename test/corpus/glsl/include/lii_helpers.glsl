// Helpers shared by compute shaders; note that the functions below read
// gl_LocalInvocationIndex themselves, so a pass lowering that builtin must
// handle uses that originate in an included file.
#ifndef LII_HELPERS_GLSL
#define LII_HELPERS_GLSL

struct Slot {
    uint index;
    uint value;
};

uint flatGroupId() {
    return gl_WorkGroupID.x
        + gl_WorkGroupID.y * gl_NumWorkGroups.x
        + gl_WorkGroupID.z * gl_NumWorkGroups.x * gl_NumWorkGroups.y;
}

uint scrambleLocal(uint salt) {
    uint x = gl_LocalInvocationIndex ^ salt;
    x = (x ^ (x >> 3)) * 0x45d9f3bu;
    return x ^ (x >> 7);
}

Slot makeSlot(uint perGroup, uint salt) {
    Slot s;
    s.index = flatGroupId() * perGroup + gl_LocalInvocationIndex;
    s.value = scrambleLocal(salt);
    return s;
}

#endif
