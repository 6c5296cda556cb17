import { SpirvError } from '../errors/SpirvError.js';
import { DecorationsAnalysis } from '../analysis/Decorations.js';
import { NamesAnalysis } from '../analysis/Names.js';
import { TypesAnalysis } from '../analysis/TypeManager.js';
import { Decoration, Op, StorageClass } from '../grammar/index.js';
import type { Module } from '../ir/Module.js';
import { webGpuEntryPoint, type EntryPointChoice } from './entryPointStage.js';
import type { VertexBufferLayout, VertexFormat } from './WebGpuDescriptors.js';

/** How {@link vertexBufferLayoutsOf} arranges the attributes. */
export interface VertexBufferOptions {
  /** `'per-location'` (default): one buffer per location. `'interleaved'`: one buffer, attributes packed in location order. */
  readonly arrangement?: 'per-location' | 'interleaved';
  readonly stepMode?: 'vertex' | 'instance';
}

/** A vertex input: its location, its OpName, and the format of its data. */
export interface ReflectedVertexInput {
  readonly location: number;
  readonly name: string;
  readonly format: VertexFormat;
}

/**
 * The vertex inputs of a vertex entry point (a matrix or array input takes one location per column
 * or element), sorted by location, and the `GPUVertexBufferLayout`s that feed them: by default one
 * tightly packed buffer per location, `buffers[i]` for the i-th input.
 *
 * @example
 * ```ts
 * const { buffers } = vertexBufferLayoutsOf(module, 'main');
 * device.createRenderPipeline({ layout, vertex: { module: shader, entryPoint: 'main', buffers }, ... });
 * // buffers: [{ arrayStride: 12, stepMode: 'vertex', attributes: [{ format: 'float32x3', offset: 0, shaderLocation: 0 }] }, ...]
 * ```
 */
export function vertexBufferLayoutsOf(
  module: Module,
  choice?: EntryPointChoice,
  options: VertexBufferOptions = {},
): { readonly inputs: readonly ReflectedVertexInput[]; readonly buffers: readonly VertexBufferLayout[] } {
  const { entryPoint, stage } = webGpuEntryPoint(module, choice);
  if (stage !== 'vertex') return { inputs: [], buffers: [] };
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const names = module.analysis(NamesAnalysis);
  const inputs: ReflectedVertexInput[] = [];
  for (const id of entryPoint.interface) {
    const v = types.def(id);
    if (v === undefined || v.opcode !== Op.Variable || v.word(0) !== StorageClass.Input) continue;
    const location = decorations.find(id, Decoration.Location)?.[0];
    if (location === undefined || decorations.builtIn(id) !== undefined) continue;
    const name = names.name(id) ?? '';
    const formats = formatsOf(module, types.def(v.typeId)!.word(1), name);
    formats.forEach((format, i) => inputs.push({ location: location + i, name: formats.length > 1 ? `${name}[${i}]` : name, format }));
  }
  inputs.sort((a, b) => a.location - b.location);
  const stepMode = options.stepMode ?? 'vertex';
  if (options.arrangement === 'interleaved') {
    let offset = 0;
    const attributes = inputs.map((input) => {
      const attribute = { format: input.format, offset, shaderLocation: input.location };
      offset += formatSize(input.format);
      return attribute;
    });
    return { inputs, buffers: inputs.length === 0 ? [] : [{ arrayStride: offset, stepMode, attributes }] };
  }
  const buffers = inputs.map((input) => ({
    arrayStride: formatSize(input.format),
    stepMode,
    attributes: [{ format: input.format, offset: 0, shaderLocation: input.location }],
  }));
  return { inputs, buffers };
}

/** The formats of the consecutive locations an input of type `typeId` takes. */
function formatsOf(module: Module, typeId: number, name: string): VertexFormat[] {
  const types = module.analysis(TypesAnalysis);
  const t = types.def(typeId)!;
  if (t.opcode === Op.TypeMatrix) return Array.from({ length: t.word(1) }, () => formatsOf(module, t.word(0), name)[0]);
  if (t.opcode === Op.TypeArray) {
    const length = types.constantValue(t.word(1)) ?? 0;
    return Array.from({ length }, () => formatsOf(module, t.word(0), name)).flat();
  }
  const count = t.opcode === Op.TypeVector ? t.word(1) : 1;
  const scalar = types.def(t.opcode === Op.TypeVector ? t.word(0) : typeId)!;
  if ((scalar.opcode !== Op.TypeFloat && scalar.opcode !== Op.TypeInt) || scalar.word(0) !== 32)
    throw new SpirvError('UNSUPPORTED_CONSTRUCT', `vertex input ${name || `%${typeId}`}: a type with no 32-bit WebGPU vertex format`);
  const base = scalar.opcode === Op.TypeFloat ? 'float32' : scalar.word(1) === 1 ? 'sint32' : 'uint32';
  return [(count === 1 ? base : `${base}x${count}`) as VertexFormat];
}

function formatSize(format: VertexFormat): number {
  const count = /x(\d)$/.exec(format);
  return 4 * (count === null ? 1 : Number(count[1]));
}
