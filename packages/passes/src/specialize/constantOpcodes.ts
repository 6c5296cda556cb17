import { Op } from '@spvkit/core';

/** Constants whose value is fixed: what a spec constant may become, and what folding can read. */
export const FIXED_CONSTANTS: ReadonlySet<number> = new Set([Op.Constant, Op.ConstantTrue, Op.ConstantFalse, Op.ConstantComposite, Op.ConstantNull]);

/** The non-spec opcode of a scalar spec constant (what freezing gives it). */
export const FROZEN_OPCODE: ReadonlyMap<number, number> = new Map([
  [Op.SpecConstant, Op.Constant],
  [Op.SpecConstantTrue, Op.ConstantTrue],
  [Op.SpecConstantFalse, Op.ConstantFalse],
]);
