import { GLSLstd450 as G, Op, extInstName, type ModuleIndex } from '@spvkit/core';
import type { IdNamer, Reporter } from '../report/Reporter.js';
import type { RuleCode } from '../report/rules.js';
import { readString } from '../scan/readString.js';
import { Scalar, TypeQueries } from '../types/TypeQueries.js';

/** How a GLSL.std.450 instruction's result and operands are typed. */
const enum Shape {
  /** Float scalar or vector result; every operand of the result type (Sqrt, Pow, FMix, Normalize, ...). */
  FloatSame = 1,
  /** Int scalar or vector result; int operands with the result's components and width, any signedness (SMax, UClamp, ...). */
  IntSame,
  /** Int scalar or vector result; an int operand with the result's components (FindILsb, FindSMsb, FindUMsb). */
  IntFind,
  /** Float scalar result; a float scalar or vector operand of that component type (Length). */
  Length,
  /** Float scalar result; two float scalar or vector operands of that component type, of one size (Distance). */
  Distance,
  /** Float scalar or vector result; I and N of the result type, a float scalar Eta (Refract). */
  Refract,
}

const SHAPES = new Map<number, Shape>();
for (const n of [
  G.Round,
  G.RoundEven,
  G.Trunc,
  G.FAbs,
  G.FSign,
  G.Floor,
  G.Ceil,
  G.Fract,
  G.Radians,
  G.Degrees,
  G.Sin,
  G.Cos,
  G.Tan,
  G.Asin,
  G.Acos,
  G.Atan,
  G.Sinh,
  G.Cosh,
  G.Tanh,
  G.Asinh,
  G.Acosh,
  G.Atanh,
  G.Atan2,
  G.Pow,
  G.Exp,
  G.Log,
  G.Exp2,
  G.Log2,
  G.Sqrt,
  G.InverseSqrt,
  G.FMin,
  G.FMax,
  G.FClamp,
  G.FMix,
  G.Step,
  G.SmoothStep,
  G.Fma,
  G.Cross,
  G.Normalize,
  G.FaceForward,
  G.Reflect,
  G.NMin,
  G.NMax,
  G.NClamp,
]) {
  SHAPES.set(n, Shape.FloatSame);
}
for (const n of [G.SAbs, G.SSign, G.UMin, G.SMin, G.UMax, G.SMax, G.UClamp, G.SClamp]) SHAPES.set(n, Shape.IntSame);
for (const n of [G.FindILsb, G.FindSMsb, G.FindUMsb]) SHAPES.set(n, Shape.IntFind);
SHAPES.set(G.Length, Shape.Length);
SHAPES.set(G.Distance, Shape.Distance);
SHAPES.set(G.Refract, Shape.Refract);

/**
 * The types family, GLSL.std.450: result and operand types of its arithmetic, geometric and
 * integer instructions, as spirv-val checks them ("GLSL.std.450 Pow: expected types of all
 * operands to be equal to Result Type"); the rest of the set (packing, Modf, Frexp,
 * interpolation, matrices) is not judged here. An instruction whose result type is not a bool,
 * int or float scalar or vector (a cooperative vector, ...) is left alone, and so is one with
 * fewer operands than it takes (an operand-count error is not a type error). Instructions flagged
 * by the ids family are skipped.
 */
export function checkGlslStd450(scan: ModuleIndex, reporter: Reporter): void {
  const { count, opcode, words } = scan;
  const sets = new Set<number>();
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (op === Op.ExtInstImport && scan.end[i] > scan.operandStart[i] && readString(words, scan.operandStart[i], scan.end[i]) === 'GLSL.std.450')
      sets.add(scan.resultId[i]);
    else if (op === Op.Function) break;
  }
  if (sets.size === 0) return;
  const t = new TypeQueries(scan);
  for (let i = 0; i < count; i++) {
    if (opcode[i] !== Op.ExtInst || reporter.isFlagged(i)) continue;
    const s = scan.operandStart[i];
    if (scan.end[i] - s < 2 || !sets.has(words[s])) continue;
    const number = words[s + 1];
    const shape = SHAPES.get(number);
    if (shape === undefined) continue;
    const result = scan.typeId[i];
    if (t.scalar(result) === Scalar.None) continue;
    const operands = words.subarray(s + 2, scan.end[i]);
    const name = `GLSL.std.450 ${extInstName('GLSL.std.450', number) ?? number}`;
    const fail = (code: RuleCode, message: (n: IdNamer) => string, ids: readonly number[]): void =>
      reporter.report(code, i, (n) => `${name}: ${message(n)}`, ids);
    checkShape(t, shape, result, operands, fail);
  }
}

type Fail = (code: RuleCode, message: (n: IdNamer) => string, ids: readonly number[]) => void;

function checkShape(t: TypeQueries, shape: Shape, result: number, operands: Uint32Array, fail: Fail): void {
  const wants = shape === Shape.Length || shape === Shape.IntFind ? 1 : shape === Shape.Distance ? 2 : shape === Shape.Refract ? 3 : 0;
  if (operands.length < wants) return;
  // Every operand must be a value: a type or a label is the not-value rule's, named once.
  for (const id of operands) {
    if (t.typeOf(id) === 0) {
      fail('spvkit-types-not-value', (n) => `operand ${n(id)} is not a value`, [id]);
      return;
    }
  }
  const resultIs = (kind: Scalar, scalarOnly: boolean, what: string): boolean => {
    const ok = t.scalar(result) === kind && (!scalarOnly || !t.isVector(result));
    if (!ok) fail('spvkit-types-result', (n) => `the result type ${n(result)} is not ${what}`, [result]);
    return ok;
  };
  const sameAsResult = (from: number, to: number): void => {
    for (let k = from; k < Math.min(to, operands.length); k++) {
      const id = operands[k];
      if (t.typeOf(id) !== result) {
        fail('spvkit-types-operand', (n) => `operand ${n(id)} is not of the result type ${n(result)}`, [id, result]);
        return;
      }
    }
  };
  switch (shape) {
    case Shape.FloatSame:
      if (resultIs(Scalar.Float, false, 'a float scalar or vector')) sameAsResult(0, operands.length);
      return;
    case Shape.IntSame:
    case Shape.IntFind:
      if (!resultIs(Scalar.Int, false, 'an int scalar or vector')) return;
      for (const id of operands) {
        const type = t.typeOf(id);
        if (t.scalar(type) !== Scalar.Int) {
          fail('spvkit-types-operand', (n) => `operand ${n(id)} is not an int scalar or vector`, [id]);
          return;
        }
        if (t.components(type) !== t.components(result)) {
          fail('spvkit-types-components', (n) => `operand ${n(id)} has ${t.components(type)} components, the result type ${t.components(result)}`, [id]);
          return;
        }
        if (shape === Shape.IntSame && t.width(type) !== t.width(result)) {
          fail('spvkit-types-width', (n) => `operand ${n(id)} is ${t.width(type)} bits wide, the result type ${t.width(result)}`, [id]);
          return;
        }
      }
      return;
    case Shape.Length:
    case Shape.Distance: {
      if (!resultIs(Scalar.Float, true, 'a float scalar')) return;
      for (let k = 0; k < wants; k++) {
        const id = operands[k];
        const type = t.typeOf(id);
        if (t.scalar(type) !== Scalar.Float || t.scalarType(type) !== result) {
          fail('spvkit-types-operand', (n) => `operand ${n(id)} is not a float scalar or vector of ${n(result)}`, [id, result]);
          return;
        }
      }
      if (shape === Shape.Distance && t.components(t.typeOf(operands[0])) !== t.components(t.typeOf(operands[1]))) {
        const [a, b] = [operands[0], operands[1]];
        fail('spvkit-types-components', (n) => `operands ${n(a)} and ${n(b)} do not have the same number of components`, [a, b]);
      }
      return;
    }
    case Shape.Refract: {
      if (!resultIs(Scalar.Float, false, 'a float scalar or vector')) return;
      sameAsResult(0, 2);
      const eta = operands[2];
      const type = t.typeOf(eta);
      if (t.scalar(type) !== Scalar.Float || t.isVector(type)) fail('spvkit-types-operand', (n) => `Eta ${n(eta)} is not a float scalar`, [eta]);
      return;
    }
  }
}
