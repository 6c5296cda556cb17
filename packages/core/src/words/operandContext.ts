import type { ExtInstSetInfo } from '../grammar/types.js';

/**
 * What operand parsing needs to know about the rest of the module: literal widths depend on types
 * (OpConstant, OpSwitch), and OpExtInst operands depend on the imported set. Here, below the IR,
 * so that walks over words ({@link IdOperandWalker}) take the same context as walks over
 * instructions (`walkOperands`).
 */
export interface OperandContext {
  /** Bit width of an OpTypeInt/OpTypeFloat id, or 0 when it is not one. */
  typeWidth(typeId: number): number;
  /** The result type of a value id, or 0 when unknown. */
  typeOf(id: number): number;
  /** The extended instruction set imported with result id `id`, if the grammar knows it. */
  extInstSet(id: number): ExtInstSetInfo | undefined;
}
