import { ExecutionModel } from '@spvkit/core';
import type { EntryPointInfo } from '@spvkit/core';
import type { ModuleContext } from '../ModuleContext.js';

/** The stages WebGPU lacks, by execution model: what the shader is, and what WebGPU has instead. */
const STAGES: ReadonlyMap<number, readonly [string, string]> = new Map([
  [ExecutionModel.TessellationControl, ['a tessellation control shader', 'WebGPU has no tessellation stages']],
  [ExecutionModel.TessellationEvaluation, ['a tessellation evaluation shader', 'WebGPU has no tessellation stages']],
  [ExecutionModel.Geometry, ['a geometry shader', 'WebGPU has no geometry stage']],
  [ExecutionModel.Kernel, ['an OpenCL kernel', 'WebGPU runs compute shaders only']],
  [ExecutionModel.TaskNV, ['a task shader', 'WebGPU has no task or mesh stages']],
  [ExecutionModel.TaskEXT, ['a task shader', 'WebGPU has no task or mesh stages']],
  [ExecutionModel.MeshNV, ['a mesh shader', 'WebGPU has no task or mesh stages']],
  [ExecutionModel.MeshEXT, ['a mesh shader', 'WebGPU has no task or mesh stages']],
  [ExecutionModel.RayGenerationKHR, ['a ray generation shader', 'WebGPU has no ray tracing stages']],
  [ExecutionModel.IntersectionKHR, ['an intersection shader', 'WebGPU has no ray tracing stages']],
  [ExecutionModel.AnyHitKHR, ['an any-hit shader', 'WebGPU has no ray tracing stages']],
  [ExecutionModel.ClosestHitKHR, ['a closest-hit shader', 'WebGPU has no ray tracing stages']],
  [ExecutionModel.MissKHR, ['a miss shader', 'WebGPU has no ray tracing stages']],
  [ExecutionModel.CallableKHR, ['a callable shader', 'WebGPU has no ray tracing stages']],
]);

/**
 * Refuses an entry point of a stage WebGPU does not have, naming the stage, before anything else
 * is looked at: what such a shader declares (a task payload, a ray payload) would otherwise be
 * refused first, in terms that hide that the stage itself is what cannot be translated.
 */
export function refuseStagesWebGpuLacks(m: ModuleContext, eps: readonly EntryPointInfo[]): void {
  for (const ep of eps) {
    const stage = STAGES.get(ep.executionModel);
    if (stage !== undefined) throw m.refuser.error(stage[0], ep.instruction, `${stage[1]}: it runs compute, vertex and fragment shaders`);
  }
}
