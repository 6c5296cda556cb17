import { Op } from '@spvkit/core';
import type { Instruction } from '@spvkit/core';
import type { HelperFunctions } from '../functions/HelperFunctions.js';
import { asSigned, toResult } from './ExprContext.js';
import type { ExprContext } from './ExprContext.js';

/**
 * OpUMulExtended and OpSMulExtended: the full 64-bit product of 32-bit integers, as the struct
 * {low word, high word} of the result type. WGSL has no 64-bit integers, so the low word is the
 * wrapping product and the high word comes from a helper function that multiplies 16-bit limbs
 * (each partial product fits in 32 bits). The signed high word is the unsigned one corrected by
 * the two's-complement identity hi_s(a, b) = hi_u(a, b) - (a < 0 ? b : 0) - (b < 0 ? a : 0).
 */
export function mulExtendedExpression(ctx: ExprContext, helpers: HelperFunctions, inst: Instruction, ops: readonly number[]): string {
  const signed = inst.opcode === Op.SMulExtended;
  const struct = ctx.types.def(inst.typeId);
  const member = struct.word(0);
  const n = ctx.types.width(member);
  const u = n === 1 ? 'u32' : `vec${n}<u32>`;
  const i = n === 1 ? 'i32' : `vec${n}<i32>`;
  const suffix = n === 1 ? '' : `_v${n}`;
  const unsigned = (): string => helpers.use(`mulHigh:${u}`, `mulHigh${suffix}`, (name) => unsignedHigh(name, u));
  const high = signed ? helpers.use(`mulHighSigned:${u}`, `mulHighSigned${suffix}`, (name) => signedHigh(name, u, i, unsigned())) : unsigned();
  const a = asSigned(ctx, ops[0], false);
  const b = asSigned(ctx, ops[1], false);
  const low = toResult(ctx, `(${a} * ${b})`, false, member);
  const hi = toResult(ctx, `${high}(${a}, ${b})`, false, struct.word(1));
  return `${ctx.types.wgsl(inst.typeId)}(${low}, ${hi})`;
}

/** `fn name(a: u, b: u) -> u`: the high 32 bits of the 64-bit unsigned product, by 16-bit limbs. */
function unsignedHigh(name: string, u: string): string {
  return `// The high 32 bits of the 64-bit product a * b (WGSL has no 64-bit integers): 16-bit limbs.
fn ${name}(a: ${u}, b: ${u}) -> ${u} {
  let mask = ${u}(0xffffu);
  let shift = ${u}(16u);
  let a0 = a & mask;
  let a1 = a >> shift;
  let b0 = b & mask;
  let b1 = b >> shift;
  let low = a0 * b0;
  let cross0 = a0 * b1;
  let cross1 = a1 * b0;
  // At most 3 * 0xffff: the carry out of the low word.
  let middle = (low >> shift) + (cross0 & mask) + (cross1 & mask);
  return a1 * b1 + (cross0 >> shift) + (cross1 >> shift) + (middle >> shift);
}`;
}

/** `fn name(a: u, b: u) -> u`: the high 32 bits of the 64-bit signed product of a and b's bits. */
function signedHigh(name: string, u: string, i: string, unsigned: string): string {
  return `// The high 32 bits of the 64-bit signed product of a and b (their bits as u32).
fn ${name}(a: ${u}, b: ${u}) -> ${u} {
  let zero = ${u}(0u);
  return ${unsigned}(a, b) - select(zero, b, bitcast<${i}>(a) < ${i}(0i)) - select(zero, a, bitcast<${i}>(b) < ${i}(0i));
}`;
}
