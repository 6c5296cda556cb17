import {
  ExecutionMode,
  ExecutionModel,
  Op,
  StorageClass,
  type EntryPointInfo,
  type Instruction,
} from '@spvkit/core';

/**
 * One dimension of a workgroup size, as the lowering needs it:
 * - `const`: a number known now (LocalSize literal, or an OpConstant / OpConstantNull);
 * - `spec`: a scalar (spec-)constant id that may change at pipeline creation (OpSpecConstant,
 *   OpSpecConstantOp, ...); the arithmetic must use the id, never its default;
 * - `extract`: component `index` of a spec-constant vector that is not an
 *   OpSpecConstantComposite (e.g. an OpSpecConstantOp VectorShuffle); read with
 *   `OpSpecConstantOp CompositeExtract`;
 * - `input`: component `index` of the `BuiltIn WorkgroupSize` Input variable (OpenCL kernels
 *   without a static size), read at run time.
 */
export type Dim =
  | { readonly kind: 'const'; readonly value: bigint }
  | { readonly kind: 'spec'; readonly id: number; readonly typeId: number }
  | { readonly kind: 'extract'; readonly composite: number; readonly index: number; readonly typeId: number }
  | { readonly kind: 'input'; readonly index: number };

export interface SizeOf {
  readonly dims: readonly [Dim, Dim, Dim];
  /** Where it came from, for messages. */
  readonly source: 'WorkgroupSize' | 'LocalSizeId' | 'LocalSize' | 'WorkgroupSize input';
}

/** What the size resolver needs to know about the module's globals. */
export interface GlobalsView {
  def(id: number): Instruction | undefined;
}

/** Execution models in which LocalInvocationIndex exists (VUID-LocalInvocationIndex-...-04284, plus OpenCL kernels). */
export const COMPUTE_LIKE_MODELS: ReadonlySet<number> = new Set([
  ExecutionModel.GLCompute,
  ExecutionModel.Kernel,
  ExecutionModel.MeshEXT,
  ExecutionModel.TaskEXT,
  ExecutionModel.MeshNV,
  ExecutionModel.TaskNV,
]);

/** Thrown by the resolver; the pass turns it into a SpirvError naming the instruction. */
export class SizeProblem extends Error {
  constructor(
    message: string,
    readonly instruction?: Instruction,
  ) {
    super(message);
  }
}

/** Unsigned value of an integer OpConstant (1 or 2 words). */
function constantValue(inst: Instruction): bigint {
  let v = BigInt(inst.word(0));
  if (inst.operandCount > 1) v |= BigInt(inst.word(1)) << 32n;
  return v;
}

function isIntType(globals: GlobalsView, typeId: number): boolean {
  return globals.def(typeId)?.opcode === Op.TypeInt;
}

/** A scalar size operand (`LocalSizeId` id, or a WorkgroupSize constituent) as a {@link Dim}. */
export function dimOfId(globals: GlobalsView, id: number, where: Instruction): Dim {
  const def = globals.def(id);
  if (def === undefined) throw new SizeProblem(`workgroup size operand %${id} is not a module-level constant`, where);
  if (def.opcode === Op.ConstantNull) return { kind: 'const', value: 0n };
  if (!isIntType(globals, def.typeId)) throw new SizeProblem(`workgroup size operand %${id} is not an integer constant`, where);
  switch (def.opcode) {
    case Op.Constant:
      return { kind: 'const', value: constantValue(def) };
    case Op.SpecConstant:
    case Op.SpecConstantOp:
      return { kind: 'spec', id, typeId: def.typeId };
    default:
      throw new SizeProblem(`workgroup size operand %${id} is neither a constant nor a specialization constant`, where);
  }
}

/**
 * The object decorated `BuiltIn WorkgroupSize` that fixes the size of every entry point
 * (a constant or spec-constant composite), or undefined when there is none. An Input variable
 * decorated WorkgroupSize (OpenCL) is not a size declaration; see {@link workgroupSizeInputs}.
 */
export function workgroupSizeConstant(globals: GlobalsView, ids: readonly number[]): SizeOf | undefined {
  for (const id of ids) {
    const def = globals.def(id);
    if (def === undefined || def.opcode === Op.Variable) continue;
    if (def.opcode === Op.ConstantNull) {
      const zero: Dim = { kind: 'const', value: 0n };
      return { dims: [zero, zero, zero], source: 'WorkgroupSize' };
    }
    if ((def.opcode === Op.ConstantComposite || def.opcode === Op.SpecConstantComposite) && def.operandCount === 3) {
      return { dims: [dimOfId(globals, def.word(0), def), dimOfId(globals, def.word(1), def), dimOfId(globals, def.word(2), def)], source: 'WorkgroupSize' };
    }
    if (def.opcode === Op.SpecConstantOp) {
      // A spec-constant vector computed by an operation: read its components with spec-constant ops.
      const vec = globals.def(def.typeId);
      const component = vec?.opcode === Op.TypeVector ? vec.word(0) : 0;
      if (vec === undefined || vec.opcode !== Op.TypeVector || vec.word(1) !== 3 || !isIntType(globals, component)) {
        throw new SizeProblem(`the object decorated BuiltIn WorkgroupSize (%${id}) is not a 3-component integer vector`, def);
      }
      const d = (index: number): Dim => ({ kind: 'extract', composite: id, index, typeId: component });
      return { dims: [d(0), d(1), d(2)], source: 'WorkgroupSize' };
    }
    throw new SizeProblem(`the object decorated BuiltIn WorkgroupSize (%${id}) is not a constant, a specialization constant or a variable`, def);
  }
  return undefined;
}

/** Input variables decorated `BuiltIn WorkgroupSize` (OpenCL kernels read the size from one). */
export function workgroupSizeInputs(globals: GlobalsView, ids: readonly number[]): number[] {
  return ids.filter((id) => {
    const def = globals.def(id);
    return def !== undefined && def.opcode === Op.Variable && def.word(0) === StorageClass.Input;
  });
}

/**
 * The size of one entry point, by the precedence the specification gives: an object decorated
 * BuiltIn WorkgroupSize, then `LocalSizeId`, then `LocalSize`; a kernel without any reads the
 * WorkgroupSize input at run time. Undefined when the entry point has no size at all.
 */
export function sizeOfEntryPoint(globals: GlobalsView, ep: EntryPointInfo, fixed: SizeOf | undefined): SizeOf | undefined {
  if (fixed !== undefined) return fixed;
  for (const mode of ep.executionModes) {
    if (mode.opcode === Op.ExecutionModeId && mode.word(1) === ExecutionMode.LocalSizeId && mode.operandCount >= 5) {
      return { dims: [dimOfId(globals, mode.word(2), mode), dimOfId(globals, mode.word(3), mode), dimOfId(globals, mode.word(4), mode)], source: 'LocalSizeId' };
    }
  }
  for (const mode of ep.executionModes) {
    if (mode.opcode === Op.ExecutionMode && mode.word(1) === ExecutionMode.LocalSize && mode.operandCount >= 5) {
      const c = (i: number): Dim => ({ kind: 'const', value: BigInt(mode.word(i)) });
      return { dims: [c(2), c(3), c(4)], source: 'LocalSize' };
    }
  }
  if (ep.executionModel === ExecutionModel.Kernel) {
    const d = (index: number): Dim => ({ kind: 'input', index });
    return { dims: [d(0), d(1), d(2)], source: 'WorkgroupSize input' };
  }
  return undefined;
}

/** A stable text key of a size, so entry points with equal sizes can share lowered code. */
export function sizeKey(size: SizeOf): string {
  return size.dims
    .map((d) => {
      switch (d.kind) {
        case 'const':
          return `c${d.value}`;
        case 'spec':
          return `s${d.id}`;
        case 'extract':
          return `e${d.composite}.${d.index}`;
        case 'input':
          return `i${d.index}`;
      }
    })
    .join(',');
}

