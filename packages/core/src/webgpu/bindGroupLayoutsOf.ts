import { SpirvError } from '../errors/SpirvError.js';
import { DecorationsAnalysis } from '../analysis/Decorations.js';
import { NamesAnalysis } from '../analysis/Names.js';
import { TypesAnalysis } from '../analysis/TypeManager.js';
import { Decoration, Dim, Op, StorageClass } from '../grammar/index.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';
import { blockLayoutOf, type BlockLayout } from './blockLayout.js';
import { webGpuEntryPoint, type EntryPointChoice } from './entryPointStage.js';
import { isUsedBy, resourceAccessOf } from './resourceAccess.js';
import { storageTextureFormatOf } from './storageTextureFormat.js';
import {
  ShaderStageFlags,
  type BindGroupLayoutDescriptor,
  type BindGroupLayoutEntry,
  type TextureViewDimension,
  type WebGpuStage,
} from './WebGpuDescriptors.js';

/** Where spvkit's WGSL translation puts what WGSL has no binding for (the same options as `toWgsl`'s). */
export interface WebGpuBindingOptions {
  /** The group and binding of the uniform buffer holding the push constants. Default: binding 0 of the group after the highest DescriptorSet the module uses. */
  readonly pushConstants?: { readonly group: number; readonly binding: number };
  /** A combined image sampler's sampler goes to its texture's binding plus this (default 500). */
  readonly combinedSamplerBindingOffset?: number;
}

/** A uniform, storage or push-constant block an entry point uses, with its layout. */
export interface ReflectedBlock {
  readonly group: number;
  readonly binding: number;
  /** The variable's OpName, else the block type's. */
  readonly name: string;
  readonly type: 'uniform' | 'storage' | 'read-only-storage' | 'push-constant';
  readonly layout: BlockLayout;
}

/** The resources of one entry point, in WebGPU's terms. */
export interface WebGpuBindings {
  readonly stage: WebGpuStage;
  /** Index = group; groups between used ones have no entries. */
  readonly bindGroupLayouts: readonly BindGroupLayoutDescriptor[];
  /** Sorted by group, then binding. */
  readonly blocks: readonly ReflectedBlock[];
}

/**
 * The bind group layouts of an entry point, as the WGSL that spvkit translates the module to
 * declares them: one entry per resource the entry point uses, with its stage's visibility. Buffers
 * never written in the module are `read-only-storage`; combined image samplers are a texture and, where
 * they are sampled, a sampler (at the binding plus 500); push constants are a uniform buffer in the group after the
 * last one. Also returns the layout of every buffer block.
 *
 * @example
 * ```ts
 * const { bindGroupLayouts } = bindGroupLayoutsOf(module, 'main');
 * const layout = device.createPipelineLayout({ bindGroupLayouts: bindGroupLayouts.map((d) => device.createBindGroupLayout(d)) });
 * ```
 */
export function bindGroupLayoutsOf(module: Module, choice?: EntryPointChoice, options: WebGpuBindingOptions = {}): WebGpuBindings {
  const { entryPoint, stage } = webGpuEntryPoint(module, choice);
  const visibility = stage === 'vertex' ? ShaderStageFlags.VERTEX : stage === 'fragment' ? ShaderStageFlags.FRAGMENT : ShaderStageFlags.COMPUTE;
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const names = module.analysis(NamesAnalysis);
  const access = resourceAccessOf(module);
  const variables = module.globals.filter((inst) => inst.opcode === Op.Variable);
  let highestSet = -1;
  for (const v of variables) highestSet = Math.max(highestSet, decorations.find(v.resultId, Decoration.DescriptorSet)?.[0] ?? -1);
  const push = options.pushConstants ?? { group: highestSet + 1, binding: 0 };
  const samplerOffset = options.combinedSamplerBindingOffset ?? 500;

  const groups = new Map<number, BindGroupLayoutEntry[]>();
  const add = (group: number, entry: BindGroupLayoutEntry): void => {
    const list = groups.get(group) ?? [];
    list.push(entry);
    groups.set(group, list);
  };
  const blocks: ReflectedBlock[] = [];
  for (const v of variables) {
    const storageClass = v.word(0);
    if (
      storageClass !== StorageClass.Uniform &&
      storageClass !== StorageClass.StorageBuffer &&
      storageClass !== StorageClass.UniformConstant &&
      storageClass !== StorageClass.PushConstant
    )
      continue;
    if (!isUsedBy(module, entryPoint, v.resultId)) continue;
    const pointee = types.def(types.def(v.typeId)!.word(1))!;
    const isPush = storageClass === StorageClass.PushConstant;
    const binding = decorations.find(v.resultId, Decoration.Binding)?.[0];
    if (binding === undefined && !isPush) continue;
    const group = isPush ? push.group : (decorations.find(v.resultId, Decoration.DescriptorSet)?.[0] ?? 0);
    const at = isPush ? push.binding : binding!;
    if (storageClass !== StorageClass.UniformConstant) {
      const layout = blockLayoutOf(module, pointee.resultId);
      const storage = storageClass === StorageClass.StorageBuffer || decorations.find(pointee.resultId, Decoration.BufferBlock) !== undefined;
      const type = !storage ? 'uniform' : isNonWritable(module, v, pointee) || !access.written.has(v.resultId) ? 'read-only-storage' : 'storage';
      add(group, { binding: at, visibility, buffer: { type, hasDynamicOffset: false, minBindingSize: layout.size } });
      blocks.push({ group, binding: at, name: names.name(v.resultId) || layout.name, type: isPush ? 'push-constant' : type, layout });
      continue;
    }
    if (pointee.opcode === Op.TypeSampler) {
      add(group, { binding: at, visibility, sampler: { type: access.comparison.has(v.resultId) ? 'comparison' : 'filtering' } });
    } else if (pointee.opcode === Op.TypeSampledImage) {
      const image = types.def(pointee.word(0))!;
      const sampled = access.sampled.has(v.resultId);
      add(group, { binding: at, visibility, texture: textureLayout(module, image, sampled) });
      // The WGSL declares the sampler, but only sampling uses it: texelFetch and size queries do not.
      if (sampled) add(group, { binding: at + samplerOffset, visibility, sampler: { type: access.comparison.has(v.resultId) ? 'comparison' : 'filtering' } });
    } else if (pointee.opcode === Op.TypeImage && pointee.word(5) === 2) {
      const nonWritable = decorations.find(v.resultId, Decoration.NonWritable) !== undefined || !access.written.has(v.resultId);
      const nonReadable = decorations.find(v.resultId, Decoration.NonReadable) !== undefined || !access.read.has(v.resultId);
      const format = storageTextureFormatOf(pointee.word(6));
      if (format === undefined)
        throw new SpirvError(
          'UNSUPPORTED_CONSTRUCT',
          `${names.name(v.resultId) || `%${v.resultId}`}: a storage image format WebGPU has no storage texture format for`,
        );
      add(group, {
        binding: at,
        visibility,
        storageTexture: { access: nonWritable ? 'read-only' : nonReadable ? 'write-only' : 'read-write', format, viewDimension: viewDimensionOf(pointee) },
      });
    } else if (pointee.opcode === Op.TypeImage) {
      add(group, { binding: at, visibility, texture: textureLayout(module, pointee, access.sampled.has(v.resultId)) });
    } else {
      throw new SpirvError(
        'UNSUPPORTED_CONSTRUCT',
        `${names.name(v.resultId) || `%${v.resultId}`}: a resource WebGPU has no binding for (arrays of resources, texel buffers, acceleration structures)`,
      );
    }
  }
  const count = groups.size === 0 ? 0 : Math.max(...groups.keys()) + 1;
  const bindGroupLayouts: BindGroupLayoutDescriptor[] = [];
  for (let g = 0; g < count; g++) bindGroupLayouts.push({ entries: (groups.get(g) ?? []).sort((a, b) => a.binding - b.binding) });
  blocks.sort((a, b) => a.group - b.group || a.binding - b.binding);
  return { stage, bindGroupLayouts, blocks };
}

function isNonWritable(module: Module, variable: Instruction, struct: Instruction): boolean {
  const decorations = module.analysis(DecorationsAnalysis);
  if (decorations.find(variable.resultId, Decoration.NonWritable) !== undefined) return true;
  for (let i = 0; i < struct.operandCount; i++) {
    if (!decorations.ofMember(struct.resultId, i).some((d) => d.decoration === Decoration.NonWritable)) return false;
  }
  return true;
}

/** `sampled`: the image is read through a sampler somewhere (else a float image is 'unfilterable-float', as in WebGPU's default layout). */
function textureLayout(module: Module, image: Instruction, sampled: boolean): NonNullable<BindGroupLayoutEntry['texture']> {
  const component = module.analysis(TypesAnalysis).def(image.word(0))!;
  const multisampled = image.word(4) === 1;
  const sampleType =
    image.word(2) === 1
      ? 'depth'
      : component.opcode === Op.TypeFloat
        ? sampled && !multisampled
          ? 'float'
          : 'unfilterable-float'
        : component.word(1) === 1
          ? 'sint'
          : 'uint';
  return { sampleType, viewDimension: viewDimensionOf(image), multisampled };
}

function viewDimensionOf(image: Instruction): TextureViewDimension {
  const arrayed = image.word(3) === 1;
  switch (image.word(1)) {
    case 0:
      return '1d';
    case 1:
      return arrayed ? '2d-array' : '2d';
    case 2:
      return '3d';
    case Dim.Cube:
      return arrayed ? 'cube-array' : 'cube';
    default:
      throw new SpirvError('UNSUPPORTED_CONSTRUCT', `an image of Dim ${image.word(1)}, which WebGPU has no texture view for`);
  }
}
