import { BuiltIn, Decoration, ExecutionMode, Op } from '../../grammar/index.js';
import type { Module } from '../../ir/Module.js';
import { DecorationsAnalysis } from '../Decorations.js';
import type { EntryPointInfo } from '../EntryPoints.js';
import { TypesAnalysis } from '../TypeManager.js';

/** One dimension of a workgroup size. */
export interface WorkgroupDimension {
  /** The value, or the default value when it is a specialization constant. */
  readonly value: number;
  /** The SpecId that can change it at pipeline creation, when it is a specialization constant. */
  readonly specId?: number;
  /** The constant or spec-constant id that holds it, when the size comes from ids. */
  readonly id?: number;
}

/** Where a workgroup size came from, in order of precedence. */
export type WorkgroupSizeSource = 'WorkgroupSize' | 'LocalSizeId' | 'LocalSize';

/** An entry point's workgroup size. */
export interface WorkgroupSize {
  readonly source: WorkgroupSizeSource;
  readonly dimensions: readonly [WorkgroupDimension, WorkgroupDimension, WorkgroupDimension];
  /** The composite decorated BuiltIn WorkgroupSize, when that is the source. */
  readonly compositeId?: number;
}

/**
 * The workgroup size of an entry point, resolved as the specification orders it: an object
 * decorated `BuiltIn WorkgroupSize` wins over `LocalSizeId`, which the module uses instead of
 * `LocalSize`. Undefined when the entry point declares none (e.g. a graphics stage, or a kernel
 * whose size is chosen at dispatch).
 *
 * @example
 * ```ts
 * const size = workgroupSizeOf(module, ep); // { source: 'LocalSize', dimensions: [{ value: 8 }, ...] }
 * ```
 */
export function workgroupSizeOf(module: Module, ep: EntryPointInfo): WorkgroupSize | undefined {
  const decorations = module.analysis(DecorationsAnalysis);
  const types = module.analysis(TypesAnalysis);
  const dimension = (id: number): WorkgroupDimension => {
    const def = types.def(id);
    const specId = decorations.find(id, Decoration.SpecId)?.[0];
    const value = def !== undefined && (def.opcode === Op.Constant || def.opcode === Op.SpecConstant) ? def.word(0) : 0;
    return specId === undefined ? { value, id } : { value, specId, id };
  };
  for (const id of decorations.idsWithBuiltIn(BuiltIn.WorkgroupSize)) {
    const def = types.def(id);
    if (def === undefined || (def.opcode !== Op.ConstantComposite && def.opcode !== Op.SpecConstantComposite) || def.operandCount !== 3) continue;
    return { source: 'WorkgroupSize', compositeId: id, dimensions: [dimension(def.word(0)), dimension(def.word(1)), dimension(def.word(2))] };
  }
  for (const mode of ep.executionModes) {
    if (mode.opcode === Op.ExecutionModeId && mode.word(1) === ExecutionMode.LocalSizeId && mode.operandCount >= 5) {
      return { source: 'LocalSizeId', dimensions: [dimension(mode.word(2)), dimension(mode.word(3)), dimension(mode.word(4))] };
    }
  }
  for (const mode of ep.executionModes) {
    if (mode.opcode === Op.ExecutionMode && mode.word(1) === ExecutionMode.LocalSize && mode.operandCount >= 5) {
      return { source: 'LocalSize', dimensions: [{ value: mode.word(2) }, { value: mode.word(3) }, { value: mode.word(4) }] };
    }
  }
  return undefined;
}
