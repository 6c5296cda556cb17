import { GLSLstd450 as G } from '@spvkit/core';
import type { HelperFunctions } from '../functions/HelperFunctions.js';
import type { ExprContext } from './ExprContext.js';

/**
 * GLSL.std.450 Reflect, FaceForward and Refract of scalars, which GLSL allows (genType) and WGSL
 * does not (its reflect, faceForward and refract take vectors): GLSL's definitions with the dot
 * product of two scalars being their product. Returns undefined for the vector forms, which are
 * WGSL's builtins. Refract is a helper function: its k is used twice.
 */
export function scalarGeometryExpression(
  ctx: ExprContext,
  helpers: HelperFunctions,
  number: number,
  typeId: number,
  ops: readonly number[],
): string | undefined {
  if (ctx.types.width(typeId) !== 1) return undefined;
  const v = (i: number): string => ctx.value(ops[i]);
  switch (number) {
    case G.Reflect:
      // I - 2 * dot(N, I) * N
      return `(${v(0)} - 2.0 * ${v(1)} * ${v(0)} * ${v(1)})`;
    case G.FaceForward:
      // dot(Nref, I) < 0 ? N : -N
      return `select(-${v(0)}, ${v(0)}, ${v(2)} * ${v(1)} < 0.0)`;
    case G.Refract: {
      const t = ctx.types.wgsl(typeId);
      const name = helpers.use(`refract:${t}`, `refract_${t}`, (n) => refractHelper(n, t));
      return `${name}(${v(0)}, ${v(1)}, ${v(2)})`;
    }
    default:
      return undefined;
  }
}

function refractHelper(name: string, t: string): string {
  return `// GLSL's refract of scalars (WGSL's refract takes vectors): 0 on total internal reflection.
fn ${name}(i: ${t}, n: ${t}, eta: ${t}) -> ${t} {
  let d = n * i;
  let k = 1.0 - eta * eta * (1.0 - d * d);
  if (k < 0.0) {
    return 0.0;
  }
  return eta * i - (eta * d + sqrt(k)) * n;
}`;
}
