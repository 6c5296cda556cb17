import { BuiltIn, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass } from '../grammar/index.js';
import type { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';
import { DecorationsAnalysis } from './Decorations.js';
import type { EntryPointInfo } from './EntryPoints.js';
import { TypesAnalysis } from './TypeManager.js';

/**
 * One dimension of a workgroup size, symbolic where specialization can change it:
 * - `const`: a number known now (a LocalSize literal, an OpConstant or OpConstantNull; `id` when
 *   it came from an id);
 * - `spec`: a scalar spec constant (OpSpecConstant, OpSpecConstantOp) that may change at pipeline
 *   creation: code must use the id, never its default. `specId` is its SpecId decoration, and
 *   `defaultValue` the OpSpecConstant's value (absent for an OpSpecConstantOp);
 * - `extract`: component `index` of a spec-constant vector that is not an
 *   OpSpecConstantComposite (e.g. an OpSpecConstantOp VectorShuffle), read with
 *   `OpSpecConstantOp CompositeExtract`;
 * - `input`: component `index` of the `BuiltIn WorkgroupSize` Input variable (OpenCL kernels
 *   without a static size), read at run time.
 */
export type WorkgroupDim =
  | { readonly kind: 'const'; readonly value: bigint; readonly id?: number }
  | { readonly kind: 'spec'; readonly id: number; readonly typeId: number; readonly specId?: number; readonly defaultValue?: bigint }
  | { readonly kind: 'extract'; readonly composite: number; readonly index: number; readonly typeId: number }
  | { readonly kind: 'input'; readonly index: number };

/** Where a workgroup size came from, in order of precedence. */
export type WorkgroupSizeSource = 'WorkgroupSize' | 'LocalSizeId' | 'LocalSize' | 'WorkgroupSize input';

/** An entry point's workgroup size, resolved. */
export interface ResolvedWorkgroupSize {
  readonly dims: readonly [WorkgroupDim, WorkgroupDim, WorkgroupDim];
  readonly source: WorkgroupSizeSource;
  /** The constant decorated BuiltIn WorkgroupSize, when that is the source. */
  readonly compositeId?: number;
}

/** What the resolver reads: module-level definitions and SpecId decorations. */
export interface WorkgroupSizeContext {
  def(id: number): Instruction | undefined;
  specId(id: number): number | undefined;
}

/** The {@link WorkgroupSizeContext} of a module (its types analysis and decorations). */
export function workgroupSizeContext(module: Module): WorkgroupSizeContext {
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  return { def: (id) => types.def(id), specId: (id) => decorations.find(id, Decoration.SpecId)?.[0] };
}

/** Execution models that have a workgroup (and so LocalInvocationIndex, LocalInvocationId, a size). */
export const COMPUTE_LIKE_MODELS: ReadonlySet<number> = new Set([
  ExecutionModel.GLCompute,
  ExecutionModel.Kernel,
  ExecutionModel.MeshEXT,
  ExecutionModel.TaskEXT,
  ExecutionModel.MeshNV,
  ExecutionModel.TaskNV,
]);

/** A workgroup size the module declares in a way the specification does not allow; names the instruction. */
export class WorkgroupSizeProblem extends Error {
  constructor(
    message: string,
    readonly instruction?: Instruction,
  ) {
    super(message);
    this.name = 'WorkgroupSizeProblem';
  }
}

/** Unsigned value of an integer OpConstant (1 or 2 words). */
function constantValue(inst: Instruction): bigint {
  let v = BigInt(inst.word(0));
  if (inst.operandCount > 1) v |= BigInt(inst.word(1)) << 32n;
  return v;
}

function isIntType(ctx: WorkgroupSizeContext, typeId: number): boolean {
  return ctx.def(typeId)?.opcode === Op.TypeInt;
}

/** A scalar size operand (a `LocalSizeId` id, or a WorkgroupSize constituent) as a {@link WorkgroupDim}. */
export function workgroupDimOfId(ctx: WorkgroupSizeContext, id: number, where: Instruction): WorkgroupDim {
  const def = ctx.def(id);
  if (def === undefined) throw new WorkgroupSizeProblem(`workgroup size operand %${id} is not a module-level constant`, where);
  if (def.opcode === Op.ConstantNull) return { kind: 'const', value: 0n, id };
  if (!isIntType(ctx, def.typeId)) throw new WorkgroupSizeProblem(`workgroup size operand %${id} is not an integer constant`, where);
  const specId = ctx.specId(id);
  switch (def.opcode) {
    case Op.Constant:
      return { kind: 'const', value: constantValue(def), id };
    case Op.SpecConstant:
      return { kind: 'spec', id, typeId: def.typeId, defaultValue: constantValue(def), ...(specId !== undefined ? { specId } : {}) };
    case Op.SpecConstantOp:
      return { kind: 'spec', id, typeId: def.typeId, ...(specId !== undefined ? { specId } : {}) };
    default:
      throw new WorkgroupSizeProblem(`workgroup size operand %${id} is neither a constant nor a specialization constant`, where);
  }
}

/**
 * The object decorated `BuiltIn WorkgroupSize` that fixes the size of every entry point (a
 * constant or spec-constant composite), or undefined when there is none. An Input variable
 * decorated WorkgroupSize (OpenCL) is not a size declaration; see {@link workgroupSizeInputs}.
 */
export function workgroupSizeConstant(ctx: WorkgroupSizeContext, ids: readonly number[]): ResolvedWorkgroupSize | undefined {
  for (const id of ids) {
    const def = ctx.def(id);
    if (def === undefined || def.opcode === Op.Variable) continue;
    if (def.opcode === Op.ConstantNull) {
      const zero: WorkgroupDim = { kind: 'const', value: 0n };
      return { dims: [zero, zero, zero], source: 'WorkgroupSize', compositeId: id };
    }
    if ((def.opcode === Op.ConstantComposite || def.opcode === Op.SpecConstantComposite) && def.operandCount === 3) {
      const d = (i: number): WorkgroupDim => workgroupDimOfId(ctx, def.word(i), def);
      return { dims: [d(0), d(1), d(2)], source: 'WorkgroupSize', compositeId: id };
    }
    if (def.opcode === Op.SpecConstantOp) {
      // A spec-constant vector computed by an operation: read its components with spec-constant ops.
      const vec = ctx.def(def.typeId);
      const component = vec?.opcode === Op.TypeVector ? vec.word(0) : 0;
      if (vec === undefined || vec.opcode !== Op.TypeVector || vec.word(1) !== 3 || !isIntType(ctx, component)) {
        throw new WorkgroupSizeProblem(`the object decorated BuiltIn WorkgroupSize (%${id}) is not a 3-component integer vector`, def);
      }
      const d = (index: number): WorkgroupDim => ({ kind: 'extract', composite: id, index, typeId: component });
      return { dims: [d(0), d(1), d(2)], source: 'WorkgroupSize', compositeId: id };
    }
    throw new WorkgroupSizeProblem(`the object decorated BuiltIn WorkgroupSize (%${id}) is not a constant, a specialization constant or a variable`, def);
  }
  return undefined;
}

/** Input variables decorated `BuiltIn WorkgroupSize` (OpenCL kernels read the size from one). */
export function workgroupSizeInputs(ctx: WorkgroupSizeContext, ids: readonly number[]): number[] {
  return ids.filter((id) => {
    const def = ctx.def(id);
    return def !== undefined && def.opcode === Op.Variable && def.word(0) === StorageClass.Input;
  });
}

/**
 * The size of one entry point, by the precedence the specification gives: an object decorated
 * BuiltIn WorkgroupSize (`fixed`, from {@link workgroupSizeConstant}), then `LocalSizeId`, then
 * `LocalSize`; a kernel without any reads the WorkgroupSize input at run time. Undefined when the
 * entry point has no size at all (a graphics stage).
 */
export function sizeOfEntryPoint(ctx: WorkgroupSizeContext, ep: EntryPointInfo, fixed: ResolvedWorkgroupSize | undefined): ResolvedWorkgroupSize | undefined {
  if (fixed !== undefined) return fixed;
  for (const mode of ep.executionModes) {
    if (mode.opcode === Op.ExecutionModeId && mode.word(1) === ExecutionMode.LocalSizeId && mode.operandCount >= 5) {
      const d = (i: number): WorkgroupDim => workgroupDimOfId(ctx, mode.word(i), mode);
      return { dims: [d(2), d(3), d(4)], source: 'LocalSizeId' };
    }
  }
  for (const mode of ep.executionModes) {
    if (mode.opcode === Op.ExecutionMode && mode.word(1) === ExecutionMode.LocalSize && mode.operandCount >= 5) {
      const c = (i: number): WorkgroupDim => ({ kind: 'const', value: BigInt(mode.word(i)) });
      return { dims: [c(2), c(3), c(4)], source: 'LocalSize' };
    }
  }
  if (ep.executionModel === ExecutionModel.Kernel) {
    const d = (index: number): WorkgroupDim => ({ kind: 'input', index });
    return { dims: [d(0), d(1), d(2)], source: 'WorkgroupSize input' };
  }
  return undefined;
}

/**
 * The workgroup size of an entry point, symbolic (see {@link WorkgroupDim}): what a pass that
 * computes with the size uses, so that specializing the size keeps its code right. Throws a
 * {@link WorkgroupSizeProblem} for a size declared in a way the specification does not allow.
 *
 * @example
 * ```ts
 * const size = resolveWorkgroupSize(module, ep); // { source: 'LocalSizeId', dims: [{ kind: 'spec', id: 12, specId: 0, ... }, ...] }
 * ```
 */
export function resolveWorkgroupSize(module: Module, ep: EntryPointInfo): ResolvedWorkgroupSize | undefined {
  const ctx = workgroupSizeContext(module);
  const ids = module.analysis(DecorationsAnalysis).idsWithBuiltIn(BuiltIn.WorkgroupSize);
  return sizeOfEntryPoint(ctx, ep, workgroupSizeConstant(ctx, ids));
}

/** A stable text key of a size, so entry points with equal sizes can share code. */
export function workgroupSizeKey(size: ResolvedWorkgroupSize): string {
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
