import type { Instruction } from '@spvkit/core';
import type { Refuser } from '../errors/Refuser.js';
import type { TypeTable } from '../types/TypeTable.js';

/** What an expression translator reads: operand texts, types, and where to report refusals. */
export interface ExprContext {
  readonly types: TypeTable;
  readonly refuser: Refuser;
  /** The WGSL text of value `id` (a constant, a `let`, a hoisted `var`, …). */
  value(id: number): string;
  /**
   * True where the text is evaluated as the shader runs (function bodies). WGSL evaluates an
   * expression of overrides alone at pipeline creation and fails the pipeline on what SPIR-V
   * computes (an integer overflow, a shift past the width, a division by zero), so there
   * OpSpecConstantOp is computed from private copies of the overrides instead.
   */
  readonly runtime?: boolean;
}

/**
 * `id`'s value as an integer of signedness `signed`: SPIR-V's integer instructions say per
 * instruction how they read their operands, WGSL's operators go by the type, so a mismatch is a
 * bitcast (which keeps the bits, as SPIR-V does).
 */
export function asSigned(ctx: ExprContext, id: number, signed: boolean): string {
  const typeId = ctx.types.def(id).typeId;
  const text = ctx.value(id);
  if (!ctx.types.isInt(typeId) || ctx.types.isSigned(typeId) === signed) return text;
  return `bitcast<${ctx.types.withSignedness(typeId, signed)}>(${text})`;
}

/** `expr`, an integer value of signedness `producedSigned`, as result type `typeId`. */
export function toResult(ctx: ExprContext, expr: string, producedSigned: boolean, typeId: number): string {
  if (!ctx.types.isInt(typeId) || ctx.types.isSigned(typeId) === producedSigned) return expr;
  return `bitcast<${ctx.types.wgsl(typeId)}>(${expr})`;
}

/** A shift amount or bit count as WGSL wants it: u32 (of the same width as the value). */
export function asU32(ctx: ExprContext, id: number): string {
  return asSigned(ctx, id, false);
}

/** Refuses `inst`: used where an operator exists but not for these operand types. */
export function refuse(ctx: ExprContext, construct: string, inst: Instruction, detail?: string): never {
  throw ctx.refuser.error(construct, inst, detail);
}
