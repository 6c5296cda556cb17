import { Decoration, Dim, EnumerantNames, Op, StorageClass, enumerantNameIn } from '../../grammar/index.js';
import type { Module } from '../../ir/Module.js';
import { DecorationsAnalysis } from '../Decorations.js';
import { EntryPointsAnalysis } from '../EntryPoints.js';
import { NamesAnalysis } from '../Names.js';
import { TypesAnalysis } from '../TypeManager.js';
import { byteSizeOf } from './typeLayout.js';
import { workgroupSizeOf } from './workgroupSize.js';

/** An entry point as a pipeline needs to know it. */
export interface ReflectedEntryPoint {
  readonly name: string;
  /** Execution model name, e.g. `GLCompute`, `Fragment`, `MeshEXT`. */
  readonly executionModel: string;
  /** `[x, y, z]` after WorkgroupSize / LocalSizeId resolution (defaults where spec constants decide). */
  readonly workgroupSize?: readonly [number, number, number];
  /** For each dimension, the SpecId that can change it, or null when it is fixed. */
  readonly workgroupSizeSpecIds?: readonly [number | null, number | null, number | null];
}

/** Descriptor kinds, named after their VkDescriptorType. */
export type BindingKind =
  | 'uniform-buffer'
  | 'storage-buffer'
  | 'sampler'
  | 'sampled-image'
  | 'combined-image-sampler'
  | 'storage-image'
  | 'uniform-texel-buffer'
  | 'storage-texel-buffer'
  | 'input-attachment'
  | 'acceleration-structure'
  | 'unknown';

export interface ReflectedBinding {
  readonly set: number;
  readonly binding: number;
  readonly kind: BindingKind;
  /** The variable's OpName, else its block type's name, else ''. */
  readonly name: string;
  /** Array length; 1 for a single descriptor, 0 for a runtime-sized array. */
  readonly count: number;
}

export interface ReflectedPushConstants {
  /** Bytes the block occupies (highest member offset + size). */
  readonly size: number;
  readonly members: readonly { readonly name: string; readonly offset: number; readonly size: number | null }[];
}

export interface ReflectedSpecConstant {
  readonly id: number;
  readonly name: string;
  /** `bool`, `int`, `uint`, `float`, or e.g. `uint64`, `float16`. */
  readonly type: string;
  /** The default value: a boolean, a number, or a bigint for 64-bit integers. */
  readonly default: boolean | number | bigint;
}

/** What a pipeline needs to know about a module. */
export interface Reflection {
  readonly entryPoints: readonly ReflectedEntryPoint[];
  readonly bindings: readonly ReflectedBinding[];
  /** Undefined when the module has no push-constant block. */
  readonly pushConstants?: ReflectedPushConstants;
  readonly specConstants: readonly ReflectedSpecConstant[];
}

/**
 * The layout a pipeline needs: entry points with execution model and workgroup size, descriptor
 * bindings, the push-constant block and the specialization constants.
 *
 * @example
 * ```ts
 * const { entryPoints, bindings } = reflectModule(decodeModule(bytes));
 * // bindings: [{ set: 0, binding: 0, kind: 'storage-buffer', name: 'Data', count: 1 }]
 * ```
 */
export function reflectModule(module: Module): Reflection {
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const names = module.analysis(NamesAnalysis);

  const entryPoints = module.analysis(EntryPointsAnalysis).list.map((ep): ReflectedEntryPoint => {
    const executionModel = enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', ep.executionModel) ?? String(ep.executionModel);
    const size = workgroupSizeOf(module, ep);
    if (size === undefined) return { name: ep.name, executionModel };
    const [x, y, z] = size.dimensions;
    return {
      name: ep.name,
      executionModel,
      workgroupSize: [x.value, y.value, z.value],
      workgroupSizeSpecIds: [x.specId ?? null, y.specId ?? null, z.specId ?? null],
    };
  });

  const bindings: ReflectedBinding[] = [];
  let pushConstants: ReflectedPushConstants | undefined;
  for (const inst of module.globals) {
    if (inst.opcode !== Op.Variable) continue;
    const storage = inst.word(0);
    const pointer = types.def(inst.typeId);
    if (pointer === undefined || pointer.opcode !== Op.TypePointer) continue;
    const pointee = pointer.word(1);
    if (storage === StorageClass.PushConstant) {
      pushConstants = reflectPushConstants(module, pointee);
      continue;
    }
    const binding = decorations.find(inst.resultId, Decoration.Binding)?.[0];
    if (binding === undefined) continue;
    const set = decorations.find(inst.resultId, Decoration.DescriptorSet)?.[0] ?? 0;
    let count = 1;
    let element = pointee;
    const arr = types.def(pointee);
    if (arr !== undefined && arr.opcode === Op.TypeArray) {
      count = types.constantValue(arr.word(1)) ?? 1;
      element = arr.word(0);
    } else if (arr !== undefined && arr.opcode === Op.TypeRuntimeArray) {
      count = 0;
      element = arr.word(0);
    }
    const name = names.name(inst.resultId) || names.name(element) || '';
    bindings.push({ set, binding, kind: bindingKind(module, storage, element), name, count });
  }
  bindings.sort((a, b) => a.set - b.set || a.binding - b.binding);

  const specConstants: ReflectedSpecConstant[] = [];
  for (const inst of module.globals) {
    if (inst.opcode !== Op.SpecConstant && inst.opcode !== Op.SpecConstantTrue && inst.opcode !== Op.SpecConstantFalse) continue;
    const id = decorations.find(inst.resultId, Decoration.SpecId)?.[0];
    if (id === undefined) continue;
    const t = types.def(inst.typeId);
    let type = 'bool';
    let value: boolean | number | bigint = inst.opcode === Op.SpecConstantTrue;
    if (t !== undefined && (t.opcode === Op.TypeInt || t.opcode === Op.TypeFloat)) {
      const width = t.word(0);
      const isFloat = t.opcode === Op.TypeFloat;
      const signed = !isFloat && t.word(1) === 1;
      type = (isFloat ? 'float' : signed ? 'int' : 'uint') + (width === 32 ? '' : String(width));
      value = literalValue(inst.operands, width, isFloat, signed);
    }
    specConstants.push({ id, name: names.name(inst.resultId) ?? '', type, default: value });
  }
  specConstants.sort((a, b) => a.id - b.id);

  return pushConstants === undefined ? { entryPoints, bindings, specConstants } : { entryPoints, bindings, pushConstants, specConstants };
}

function bindingKind(module: Module, storage: number, typeId: number): BindingKind {
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const t = types.def(typeId);
  if (t === undefined) return 'unknown';
  if (storage === StorageClass.StorageBuffer) return 'storage-buffer';
  if (storage === StorageClass.Uniform) {
    return decorations.find(typeId, Decoration.BufferBlock) !== undefined ? 'storage-buffer' : 'uniform-buffer';
  }
  switch (t.opcode) {
    case Op.TypeSampler:
      return 'sampler';
    case Op.TypeSampledImage: {
      const image = types.def(t.word(0));
      return image !== undefined && image.word(1) === Dim.Buffer ? 'uniform-texel-buffer' : 'combined-image-sampler';
    }
    case Op.TypeImage: {
      const dim = t.word(1);
      const sampled = t.word(5);
      if (dim === Dim.SubpassData) return 'input-attachment';
      if (dim === Dim.Buffer) return sampled === 2 ? 'storage-texel-buffer' : 'uniform-texel-buffer';
      return sampled === 2 ? 'storage-image' : 'sampled-image';
    }
    case Op.TypeAccelerationStructureKHR:
      return 'acceleration-structure';
    default:
      return 'unknown';
  }
}

function reflectPushConstants(module: Module, blockType: number): ReflectedPushConstants {
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const names = module.analysis(NamesAnalysis);
  const t = types.def(blockType);
  const members: { name: string; offset: number; size: number | null }[] = [];
  if (t !== undefined && t.opcode === Op.TypeStruct) {
    for (let m = 0; m < t.operandCount; m++) {
      const member = decorations.ofMember(blockType, m);
      const offset = member.find((d) => d.decoration === Decoration.Offset)?.params[0] ?? 0;
      const stride = member.find((d) => d.decoration === Decoration.MatrixStride)?.params[0];
      members.push({ name: names.memberName(blockType, m) ?? '', offset, size: byteSizeOf(module, t.word(m), stride) ?? null });
    }
  }
  const size = members.reduce((end, m) => Math.max(end, m.offset + (m.size ?? 0)), 0);
  return { size, members };
}

function literalValue(words: ArrayLike<number>, width: number, isFloat: boolean, signed: boolean): number | bigint {
  if (width <= 32) {
    const w = words[0] ?? 0;
    if (isFloat) {
      if (width === 32) return new Float32Array(new Uint32Array([w]).buffer)[0];
      return halfToNumber(w & 0xffff);
    }
    if (!signed) return width === 32 ? w >>> 0 : w & ((1 << width) - 1);
    const shift = 32 - width;
    return (w << shift) >> shift;
  }
  const lo = BigInt(words[0] ?? 0);
  const hi = BigInt(words[1] ?? 0);
  const bits = (hi << 32n) | lo;
  if (isFloat) return new Float64Array(new BigUint64Array([bits]).buffer)[0];
  return signed ? BigInt.asIntN(64, bits) : bits;
}

function halfToNumber(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac === 0 ? sign * Infinity : NaN;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}
