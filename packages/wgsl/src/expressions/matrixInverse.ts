import type { Instruction } from '@spvkit/core';
import type { HelperFunctions } from '../functions/HelperFunctions.js';
import { refuse } from './ExprContext.js';
import type { ExprContext } from './ExprContext.js';

/**
 * GLSL.std.450 MatrixInverse, which WGSL has no builtin for: a helper function per matrix type,
 * the adjugate divided by the determinant (as GLSL, undefined for a singular matrix).
 */
export function matrixInverseExpression(ctx: ExprContext, helpers: HelperFunctions, inst: Instruction, typeId: number, operand: number): string {
  const t = ctx.types.def(typeId);
  const n = t.word(1);
  const rows = ctx.types.width(t.word(0));
  if (n !== rows) refuse(ctx, 'GLSL.std.450 MatrixInverse of a matrix that is not square', inst);
  const type = ctx.types.wgsl(typeId);
  const scalar = ctx.types.wgsl(ctx.types.scalarOf(typeId).resultId);
  const body = n === 2 ? inverse2 : n === 3 ? inverse3 : inverse4;
  const name = helpers.use(`inverse:${type}`, `inverse_${n}x${n}${scalar === 'f32' ? '' : `_${scalar}`}`, (name) => body(name, type, scalar));
  return `${name}(${ctx.value(operand)})`;
}

function inverse2(name: string, type: string, scalar: string): string {
  return `// GLSL's inverse (WGSL has none): the adjugate over the determinant.
fn ${name}(m: ${type}) -> ${type} {
  let det = m[0][0] * m[1][1] - m[1][0] * m[0][1];
  return ${type}(m[1][1], -m[0][1], -m[1][0], m[0][0]) * (${scalar}(1.0) / det);
}`;
}

function inverse3(name: string, type: string, scalar: string): string {
  // The rows of the inverse are the cross products of pairs of columns, over the determinant.
  return `// GLSL's inverse (WGSL has none): the adjugate over the determinant.
fn ${name}(m: ${type}) -> ${type} {
  let r0 = cross(m[1], m[2]);
  let r1 = cross(m[2], m[0]);
  let r2 = cross(m[0], m[1]);
  let det = dot(m[0], r0);
  return transpose(${type}(r0, r1, r2)) * (${scalar}(1.0) / det);
}`;
}

function inverse4(name: string, type: string, scalar: string): string {
  // Laplace expansion by the 2×2 minors of the first two and the last two rows (a[c][r]).
  return `// GLSL's inverse (WGSL has none): the adjugate over the determinant, by 2x2 minors.
fn ${name}(a: ${type}) -> ${type} {
  let s0 = a[0][0] * a[1][1] - a[1][0] * a[0][1];
  let s1 = a[0][0] * a[1][2] - a[1][0] * a[0][2];
  let s2 = a[0][0] * a[1][3] - a[1][0] * a[0][3];
  let s3 = a[0][1] * a[1][2] - a[1][1] * a[0][2];
  let s4 = a[0][1] * a[1][3] - a[1][1] * a[0][3];
  let s5 = a[0][2] * a[1][3] - a[1][2] * a[0][3];
  let c5 = a[2][2] * a[3][3] - a[3][2] * a[2][3];
  let c4 = a[2][1] * a[3][3] - a[3][1] * a[2][3];
  let c3 = a[2][1] * a[3][2] - a[3][1] * a[2][2];
  let c2 = a[2][0] * a[3][3] - a[3][0] * a[2][3];
  let c1 = a[2][0] * a[3][2] - a[3][0] * a[2][2];
  let c0 = a[2][0] * a[3][1] - a[3][0] * a[2][1];
  let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
  let adjugate = ${type}(
    a[1][1] * c5 - a[1][2] * c4 + a[1][3] * c3,
    -a[0][1] * c5 + a[0][2] * c4 - a[0][3] * c3,
    a[3][1] * s5 - a[3][2] * s4 + a[3][3] * s3,
    -a[2][1] * s5 + a[2][2] * s4 - a[2][3] * s3,
    -a[1][0] * c5 + a[1][2] * c2 - a[1][3] * c1,
    a[0][0] * c5 - a[0][2] * c2 + a[0][3] * c1,
    -a[3][0] * s5 + a[3][2] * s2 - a[3][3] * s1,
    a[2][0] * s5 - a[2][2] * s2 + a[2][3] * s1,
    a[1][0] * c4 - a[1][1] * c2 + a[1][3] * c0,
    -a[0][0] * c4 + a[0][1] * c2 - a[0][3] * c0,
    a[3][0] * s4 - a[3][1] * s2 + a[3][3] * s0,
    -a[2][0] * s4 + a[2][1] * s2 - a[2][3] * s0,
    -a[1][0] * c3 + a[1][1] * c1 - a[1][2] * c0,
    a[0][0] * c3 - a[0][1] * c1 + a[0][2] * c0,
    -a[3][0] * s3 + a[3][1] * s1 - a[3][2] * s0,
    a[2][0] * s3 - a[2][1] * s1 + a[2][2] * s0,
  );
  return adjugate * (${scalar}(1.0) / det);
}`;
}
