import { GLSLstd450 as G, extInstName } from '@spvkit/core';
import type { Instruction } from '@spvkit/core';
import { asSigned, refuse, toResult } from './ExprContext.js';
import type { ExprContext } from './ExprContext.js';

/** GLSL.std.450 instructions that are a WGSL builtin of the same meaning on float operands. */
const FLOAT_BUILTINS: ReadonlyMap<number, string> = new Map([
  // GLSL leaves the direction of Round at .5 to the implementation; WGSL's round is RoundEven.
  [G.Round, 'round'],
  [G.RoundEven, 'round'],
  [G.Trunc, 'trunc'],
  [G.FAbs, 'abs'],
  [G.FSign, 'sign'],
  [G.Floor, 'floor'],
  [G.Ceil, 'ceil'],
  [G.Fract, 'fract'],
  [G.Radians, 'radians'],
  [G.Degrees, 'degrees'],
  [G.Sin, 'sin'],
  [G.Cos, 'cos'],
  [G.Tan, 'tan'],
  [G.Asin, 'asin'],
  [G.Acos, 'acos'],
  [G.Atan, 'atan'],
  [G.Sinh, 'sinh'],
  [G.Cosh, 'cosh'],
  [G.Tanh, 'tanh'],
  [G.Asinh, 'asinh'],
  [G.Acosh, 'acosh'],
  [G.Atanh, 'atanh'],
  [G.Atan2, 'atan2'],
  [G.Pow, 'pow'],
  [G.Exp, 'exp'],
  [G.Log, 'log'],
  [G.Exp2, 'exp2'],
  [G.Log2, 'log2'],
  [G.Sqrt, 'sqrt'],
  [G.InverseSqrt, 'inverseSqrt'],
  [G.Determinant, 'determinant'],
  [G.FMin, 'min'],
  [G.FMax, 'max'],
  [G.NMin, 'min'],
  [G.NMax, 'max'],
  [G.FClamp, 'clamp'],
  [G.NClamp, 'clamp'],
  [G.FMix, 'mix'],
  [G.Step, 'step'],
  [G.SmoothStep, 'smoothstep'],
  [G.Fma, 'fma'],
  [G.PackSnorm4x8, 'pack4x8snorm'],
  [G.PackUnorm4x8, 'pack4x8unorm'],
  [G.PackSnorm2x16, 'pack2x16snorm'],
  [G.PackUnorm2x16, 'pack2x16unorm'],
  [G.PackHalf2x16, 'pack2x16float'],
  [G.UnpackSnorm4x8, 'unpack4x8snorm'],
  [G.UnpackUnorm4x8, 'unpack4x8unorm'],
  [G.UnpackSnorm2x16, 'unpack2x16snorm'],
  [G.UnpackUnorm2x16, 'unpack2x16unorm'],
  [G.UnpackHalf2x16, 'unpack2x16float'],
  [G.Length, 'length'],
  [G.Distance, 'distance'],
  [G.Cross, 'cross'],
  [G.Normalize, 'normalize'],
  [G.FaceForward, 'faceForward'],
  [G.Reflect, 'reflect'],
  [G.Refract, 'refract'],
]);

/** Integer instructions: the WGSL builtin and the signedness it reads its operands with. */
const INT_BUILTINS: ReadonlyMap<number, readonly [string, boolean]> = new Map([
  [G.SAbs, ['abs', true]],
  [G.SSign, ['sign', true]],
  [G.UMin, ['min', false]],
  [G.SMin, ['min', true]],
  [G.UMax, ['max', false]],
  [G.SMax, ['max', true]],
  [G.UClamp, ['clamp', false]],
  [G.SClamp, ['clamp', true]],
  [G.FindILsb, ['firstTrailingBit', false]],
  [G.FindSMsb, ['firstLeadingBit', true]],
  [G.FindUMsb, ['firstLeadingBit', false]],
] as const);

/** The WGSL expression of a GLSL.std.450 instruction (`ops` after the set and number). */
export function glslStd450Expression(ctx: ExprContext, inst: Instruction, number: number, typeId: number, ops: readonly number[]): string {
  // GLSL normalizes scalars too (x / |x|), WGSL vectors only. sign(x) is 1 or -1 where that is
  // defined and 0 at 0, where x / |x| is undefined (GLSL leaves a zero length undefined); and
  // unlike x / abs(x) it cannot make a constant expression divide by zero.
  if (number === G.Normalize && ctx.types.width(typeId) === 1) return `sign(${ctx.value(ops[0])})`;
  const float = FLOAT_BUILTINS.get(number);
  if (float !== undefined) return `${float}(${ops.map((id) => ctx.value(id)).join(', ')})`;
  const int = INT_BUILTINS.get(number);
  if (int !== undefined) {
    const [fn, signed] = int;
    return toResult(ctx, `${fn}(${ops.map((id) => asSigned(ctx, id, signed)).join(', ')})`, signed, typeId);
  }
  if (number === G.Ldexp) return `ldexp(${ctx.value(ops[0])}, ${asSigned(ctx, ops[1], true)})`;
  refuse(ctx, `GLSL.std.450 ${extInstName('GLSL.std.450', number) ?? String(number)}`, inst, 'WGSL has no builtin for it');
}
