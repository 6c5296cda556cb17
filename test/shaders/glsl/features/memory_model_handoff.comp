// target-env: vulkan1.2
#version 450
#extension GL_KHR_memory_scope_semantics : require
// Decoupled look-back style hand-off between workgroups with explicit release/acquire
// semantics (Vulkan memory model): each group publishes its total after its predecessor's.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer Input { uint values[]; };
layout(set = 0, binding = 1, std430) buffer Flags { uint flags[]; };
layout(set = 0, binding = 2, std430) queuefamilycoherent buffer Carry { uint inclusive[]; };
shared uint groupSum;
void main() {
    uint lid = gl_LocalInvocationIndex;
    if (lid == 0u) groupSum = 0u;
    barrier();
    // Relaxed: no storage semantics (GL_KHR_memory_scope_semantics allows them only with acquire
    // or release; the barrier() around it orders the shared memory).
    atomicAdd(groupSum, values[gl_GlobalInvocationID.x], gl_ScopeWorkgroup, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
    barrier();
    if (lid == 0u) {
        uint g = gl_WorkGroupID.x;
        uint prefix = 0u;
        if (g > 0u) {
            // Spin until the previous group has published (acquire pairs with its release).
            while (atomicLoad(flags[g - 1u], gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible) == 0u) {}
            prefix = inclusive[g - 1u];
        }
        inclusive[g] = prefix + groupSum;
        atomicStore(flags[g], 1u, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsRelease | gl_SemanticsMakeAvailable);
    }
}
