import { SpirvError } from '../errors/SpirvError.js';
import type { EntryPointInfo } from '../analysis/EntryPoints.js';
import { EntryPointsAnalysis } from '../analysis/EntryPoints.js';
import { ExecutionModel } from '../grammar/index.js';
import type { Module } from '../ir/Module.js';
import type { WebGpuStage } from './WebGpuDescriptors.js';

/**
 * An entry point by name, or by name and stage where a module has one name for several (a vertex
 * and a fragment `main`).
 */
export type EntryPointChoice = string | { readonly name: string; readonly stage: WebGpuStage };

/**
 * The chosen entry point (the module's first when `choice` is undefined) and its WebGPU stage.
 * Throws when there is no such entry point or its execution model is not a WebGPU stage.
 *
 * @example
 * ```ts
 * const { entryPoint, stage } = webGpuEntryPoint(module, { name: 'main', stage: 'fragment' });
 * ```
 */
export function webGpuEntryPoint(module: Module, choice?: EntryPointChoice): { readonly entryPoint: EntryPointInfo; readonly stage: WebGpuStage } {
  const list = module.analysis(EntryPointsAnalysis).list;
  const name = typeof choice === 'string' ? choice : choice?.name;
  const wanted = typeof choice === 'object' ? choice.stage : undefined;
  const entryPoint = list.find((ep) => (name === undefined || ep.name === name) && (wanted === undefined || webGpuStageOf(ep) === wanted));
  if (entryPoint === undefined) {
    const what = name === undefined ? 'entry point' : `entry point "${name}"${wanted === undefined ? '' : ` of stage ${wanted}`}`;
    const there = list.map((ep) => `"${ep.name}" (${webGpuStageOf(ep) ?? 'not a WebGPU stage'})`).join(', ');
    throw new SpirvError('BAD_OPTION', `no ${what} (the module has ${there || 'none'})`);
  }
  const stage = webGpuStageOf(entryPoint);
  if (stage === undefined)
    throw new SpirvError('UNSUPPORTED_CONSTRUCT', `entry point "${entryPoint.name}" is not a vertex, fragment or compute shader, the stages WebGPU has`);
  return { entryPoint, stage };
}

/** The WebGPU stage of an entry point; undefined for execution models WebGPU has not. */
export function webGpuStageOf(entryPoint: EntryPointInfo): WebGpuStage | undefined {
  switch (entryPoint.executionModel) {
    case ExecutionModel.Vertex:
      return 'vertex';
    case ExecutionModel.Fragment:
      return 'fragment';
    case ExecutionModel.GLCompute:
      return 'compute';
    default:
      return undefined;
  }
}
