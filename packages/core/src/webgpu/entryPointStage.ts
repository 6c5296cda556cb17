import type { EntryPointInfo } from '../analysis/EntryPoints.js';
import { EntryPointsAnalysis } from '../analysis/EntryPoints.js';
import { ExecutionModel } from '../grammar/index.js';
import type { Module } from '../ir/Module.js';
import type { WebGpuStage } from './WebGpuDescriptors.js';

/**
 * The entry point called `name` (the module's first when `name` is undefined) and its WebGPU stage.
 * Throws when there is no such entry point or its execution model is not a WebGPU stage.
 */
export function webGpuEntryPoint(module: Module, name?: string): { readonly entryPoint: EntryPointInfo; readonly stage: WebGpuStage } {
  const list = module.analysis(EntryPointsAnalysis).list;
  const entryPoint = name === undefined ? list[0] : list.find((ep) => ep.name === name);
  if (entryPoint === undefined)
    throw new Error(
      name === undefined
        ? 'the module has no entry point'
        : `no entry point "${name}" (the module has ${list.map((ep) => `"${ep.name}"`).join(', ') || 'none'})`,
    );
  const stage =
    entryPoint.executionModel === ExecutionModel.Vertex
      ? 'vertex'
      : entryPoint.executionModel === ExecutionModel.Fragment
        ? 'fragment'
        : entryPoint.executionModel === ExecutionModel.GLCompute
          ? 'compute'
          : undefined;
  if (stage === undefined) throw new Error(`entry point "${entryPoint.name}" is not a vertex, fragment or compute shader, the stages WebGPU has`);
  return { entryPoint, stage };
}
