import { EntryPointsAnalysis } from '../analysis/EntryPoints.js';
import type { Module } from '../ir/Module.js';
import { bindGroupLayoutsOf, type ReflectedBlock, type WebGpuBindingOptions } from './bindGroupLayoutsOf.js';
import { webGpuStageOf } from './entryPointStage.js';
import { vertexBufferLayoutsOf, type ReflectedVertexInput, type VertexBufferOptions } from './vertexBufferLayoutsOf.js';
import type { BindGroupLayoutDescriptor, VertexBufferLayout, WebGpuStage } from './WebGpuDescriptors.js';

/** What a WebGPU pipeline needs of one entry point. */
export interface WebGpuEntryPointReflection {
  readonly name: string;
  readonly stage: WebGpuStage;
  readonly bindGroupLayouts: readonly BindGroupLayoutDescriptor[];
  /** Empty but for vertex shaders. */
  readonly vertexInputs: readonly ReflectedVertexInput[];
  readonly vertexBuffers: readonly VertexBufferLayout[];
  readonly blocks: readonly ReflectedBlock[];
}

/**
 * {@link bindGroupLayoutsOf} and {@link vertexBufferLayoutsOf} for every vertex, fragment and
 * compute entry point of `module` (entry points of other stages are left out).
 *
 * @example
 * ```ts
 * for (const ep of reflectWebGpu(module)) console.log(ep.name, ep.stage, ep.bindGroupLayouts);
 * ```
 */
export function reflectWebGpu(module: Module, options: WebGpuBindingOptions & VertexBufferOptions = {}): WebGpuEntryPointReflection[] {
  const reflections: WebGpuEntryPointReflection[] = [];
  for (const ep of module.analysis(EntryPointsAnalysis).list) {
    const stage = webGpuStageOf(ep);
    if (stage === undefined) continue;
    const choice = { name: ep.name, stage };
    const { bindGroupLayouts, blocks } = bindGroupLayoutsOf(module, choice, options);
    const { inputs, buffers } = vertexBufferLayoutsOf(module, choice, options);
    reflections.push({ name: ep.name, stage, bindGroupLayouts, vertexInputs: inputs, vertexBuffers: buffers, blocks });
  }
  return reflections;
}
