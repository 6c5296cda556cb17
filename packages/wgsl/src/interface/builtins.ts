import { BuiltIn } from '@spvkit/core';

/** A SPIR-V BuiltIn as a WGSL builtin value: its name and WGSL type. */
export interface WgslBuiltin {
  readonly name: string;
  readonly type: string;
}

/** The builtins WGSL has, by SPIR-V BuiltIn (others are refused). */
export const BUILTINS: ReadonlyMap<number, WgslBuiltin> = new Map([
  [BuiltIn.GlobalInvocationId, { name: 'global_invocation_id', type: 'vec3<u32>' }],
  [BuiltIn.LocalInvocationId, { name: 'local_invocation_id', type: 'vec3<u32>' }],
  [BuiltIn.LocalInvocationIndex, { name: 'local_invocation_index', type: 'u32' }],
  [BuiltIn.WorkgroupId, { name: 'workgroup_id', type: 'vec3<u32>' }],
  [BuiltIn.NumWorkgroups, { name: 'num_workgroups', type: 'vec3<u32>' }],
  // Vulkan's VertexIndex and InstanceIndex include the first vertex / instance, as WGSL's do.
  [BuiltIn.VertexIndex, { name: 'vertex_index', type: 'u32' }],
  [BuiltIn.InstanceIndex, { name: 'instance_index', type: 'u32' }],
  [BuiltIn.Position, { name: 'position', type: 'vec4<f32>' }],
  [BuiltIn.FragCoord, { name: 'position', type: 'vec4<f32>' }],
  [BuiltIn.FrontFacing, { name: 'front_facing', type: 'bool' }],
  [BuiltIn.FragDepth, { name: 'frag_depth', type: 'f32' }],
  [BuiltIn.SampleId, { name: 'sample_index', type: 'u32' }],
  [BuiltIn.SampleMask, { name: 'sample_mask', type: 'u32' }],
]);

/** Builtins a vertex shader's gl_PerVertex declares that can be dropped while nothing uses them. */
export const DROPPABLE_BUILTINS: ReadonlySet<number> = new Set([BuiltIn.PointSize, BuiltIn.ClipDistance, BuiltIn.CullDistance]);
