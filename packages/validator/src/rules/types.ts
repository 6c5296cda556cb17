import { Op, opcodeName } from '@spvkit/core';
import type { IdNamer, Reporter } from '../report/Reporter.js';
import type { RuleCode } from '../report/rules.js';
import type { ModuleScan } from '../scan/ModuleScan.js';
import { Scalar, TypeQueries } from '../types/TypeQueries.js';

/** How an instruction's result and operands must be typed; one checker per group of opcodes. */
const enum Shape {
  /** Float scalar or vector result; every operand of the result type (OpFAdd, OpFNegate, ...). */
  FloatSame = 1,
  /** Unsigned int scalar or vector result; every operand of the result type (OpUDiv, OpUMod). */
  UintSame,
  /** Int scalar or vector result; int operands with the result's components and width, any signedness (OpIAdd, OpSNegate, bitwise ops). */
  IntArith,
  /** Bool scalar or vector result; every operand of the result type (OpLogicalAnd, OpLogicalNot, ...). */
  BoolSame,
  /** Int result; the base as for IntArith, the shift an int with the result's components. */
  Shift,
  /** Bool result; two int operands with the result's components and one width. */
  IntCompare,
  /** Bool result; a float operand with the result's components and a second of the same type. */
  FloatCompare,
  /** Bool result; one float operand with the result's components (OpIsNan, OpIsInf). */
  FloatTest,
  /** Bool scalar result; a bool vector operand (OpAny, OpAll). */
  AnyAll,
  /** OpSelect: a bool condition (a vector of the result's size for a vector result), two objects of the result type. */
  Select,
  /** Conversions: result and input kinds from the table, same components; a width change where required. */
  Convert,
  /** Float vector result; a vector of the result type and a scalar of its component type. */
  VectorTimesScalar,
  /** Float scalar result; two float vectors of one type whose component is the result. */
  Dot,
}

/** Per opcode: its shape (0: not checked by this family). */
const shapes = new Uint8Array(65536);
/** For conversions: [result kind, result signedness (1 unsigned, 2 any), input kind, width must differ]. */
const conversions = new Map<number, readonly [Scalar, number, Scalar, boolean]>();

function shape(s: Shape, ops: readonly number[]): void {
  for (const op of ops) shapes[op] = s;
}
shape(Shape.FloatSame, [Op.FAdd, Op.FSub, Op.FMul, Op.FDiv, Op.FRem, Op.FMod, Op.FNegate]);
shape(Shape.UintSame, [Op.UDiv, Op.UMod]);
shape(Shape.IntArith, [Op.IAdd, Op.ISub, Op.IMul, Op.SDiv, Op.SRem, Op.SMod, Op.SNegate, Op.BitwiseAnd, Op.BitwiseOr, Op.BitwiseXor, Op.Not]);
shape(Shape.BoolSame, [Op.LogicalEqual, Op.LogicalNotEqual, Op.LogicalOr, Op.LogicalAnd, Op.LogicalNot]);
shape(Shape.Shift, [Op.ShiftLeftLogical, Op.ShiftRightLogical, Op.ShiftRightArithmetic]);
shape(Shape.IntCompare, [
  Op.IEqual,
  Op.INotEqual,
  Op.UGreaterThan,
  Op.SGreaterThan,
  Op.UGreaterThanEqual,
  Op.SGreaterThanEqual,
  Op.ULessThan,
  Op.SLessThan,
  Op.ULessThanEqual,
  Op.SLessThanEqual,
]);
shape(Shape.FloatCompare, [
  Op.FOrdEqual,
  Op.FUnordEqual,
  Op.FOrdNotEqual,
  Op.FUnordNotEqual,
  Op.FOrdLessThan,
  Op.FUnordLessThan,
  Op.FOrdGreaterThan,
  Op.FUnordGreaterThan,
  Op.FOrdLessThanEqual,
  Op.FUnordLessThanEqual,
  Op.FOrdGreaterThanEqual,
  Op.FUnordGreaterThanEqual,
]);
shape(Shape.FloatTest, [Op.IsNan, Op.IsInf]);
shape(Shape.AnyAll, [Op.Any, Op.All]);
shape(Shape.Select, [Op.Select]);
shape(Shape.VectorTimesScalar, [Op.VectorTimesScalar]);
shape(Shape.Dot, [Op.Dot]);
shape(Shape.Convert, [Op.ConvertFToU, Op.ConvertFToS, Op.ConvertSToF, Op.ConvertUToF, Op.UConvert, Op.SConvert, Op.FConvert]);
conversions.set(Op.ConvertFToU, [Scalar.Int, 1, Scalar.Float, false]);
conversions.set(Op.ConvertFToS, [Scalar.Int, 2, Scalar.Float, false]);
conversions.set(Op.ConvertSToF, [Scalar.Float, 2, Scalar.Int, false]);
conversions.set(Op.ConvertUToF, [Scalar.Float, 2, Scalar.Int, false]);
conversions.set(Op.UConvert, [Scalar.Int, 1, Scalar.Int, true]);
conversions.set(Op.SConvert, [Scalar.Int, 2, Scalar.Int, true]);
conversions.set(Op.FConvert, [Scalar.Float, 2, Scalar.Float, true]);

const KIND_NAMES = ['', 'bool', 'int', 'float'] as const;

/**
 * The types family, first slice: result and operand types of the arithmetic, bitwise, logical,
 * relational and conversion instructions, as spirv-val checks them (component counts, widths,
 * and the signedness it requires: unsigned results of OpUDiv, OpUMod, OpConvertFToU, OpUConvert).
 * Instructions flagged by the ids family are skipped.
 */
export function checkTypes(scan: ModuleScan, reporter: Reporter): void {
  const t = new TypeQueries(scan);
  const { count, opcode, words } = scan;
  for (let i = 0; i < count; i++) {
    const s = shapes[opcode[i]];
    if (s === 0 || reporter.isFlagged(i)) continue;
    const op = opcode[i];
    const result = scan.typeId[i];
    const start = scan.operandStart[i];
    const n = scan.end[i] - start;
    const fail = (code: RuleCode, message: (name: IdNamer) => string, ids: readonly number[]): void => {
      reporter.report(code, i, (name) => `${opcodeName(op) ?? `opcode ${op}`}: ${message(name)}`, ids);
    };
    // Every operand must be a value (have a type) before its type can be compared.
    let operandTypes = true;
    for (let k = 0; k < n; k++) {
      const id = words[start + k];
      if (t.typeOf(id) === 0) {
        fail('spvkit-types-not-value', (name) => `operand ${name(id)} is not a value`, [id]);
        operandTypes = false;
      }
    }
    if (!operandTypes) continue;
    const type = (k: number): number => t.typeOf(words[start + k]);
    const resultIs = (kind: Scalar, what: string, scalarOnly = false, vectorOnly = false): boolean => {
      const ok = t.scalar(result) === kind && (!scalarOnly || !t.isVector(result)) && (!vectorOnly || t.isVector(result));
      if (!ok) fail('spvkit-types-result', (name) => `the result type ${name(result)} is not ${what}`, [result]);
      return ok;
    };
    const sameAsResult = (): void => {
      for (let k = 0; k < n; k++) {
        if (type(k) !== result) {
          const id = words[start + k];
          fail('spvkit-types-operand', (name) => `operand ${name(id)} is not of the result type ${name(result)}`, [id, result]);
        }
      }
    };
    const operandIs = (k: number, kind: Scalar, what: string): boolean => {
      const ok = t.scalar(type(k)) === kind;
      if (!ok) {
        const id = words[start + k];
        fail('spvkit-types-operand', (name) => `operand ${name(id)} is not ${what}`, [id]);
      }
      return ok;
    };
    const sameComponents = (k: number, other: number): boolean => {
      const ok = t.components(type(k)) === t.components(other);
      if (!ok) {
        const id = words[start + k];
        fail('spvkit-types-components', (name) => `operand ${name(id)} has ${t.components(type(k))} components, the result type ${t.components(other)}`, [id]);
      }
      return ok;
    };
    const sameWidth = (k: number, width: number, against: string): void => {
      if (t.width(type(k)) !== width) {
        const id = words[start + k];
        fail('spvkit-types-width', (name) => `operand ${name(id)} is ${t.width(type(k))} bits wide, ${against} ${width}`, [id]);
      }
    };
    switch (s as Shape) {
      case Shape.FloatSame:
        if (resultIs(Scalar.Float, 'a float scalar or vector')) sameAsResult();
        break;
      case Shape.UintSame:
        if (resultIs(Scalar.Int, 'an unsigned int scalar or vector') && checkUnsigned(t, result, fail)) sameAsResult();
        break;
      case Shape.BoolSame:
        if (resultIs(Scalar.Bool, 'a bool scalar or vector')) sameAsResult();
        break;
      case Shape.IntArith:
        if (!resultIs(Scalar.Int, 'an int scalar or vector')) break;
        for (let k = 0; k < n; k++) {
          if (operandIs(k, Scalar.Int, 'an int scalar or vector') && sameComponents(k, result)) sameWidth(k, t.width(result), 'the result type');
        }
        break;
      case Shape.Shift:
        if (!resultIs(Scalar.Int, 'an int scalar or vector') || n < 2) break;
        if (operandIs(0, Scalar.Int, 'an int scalar or vector') && sameComponents(0, result)) sameWidth(0, t.width(result), 'the result type');
        if (operandIs(1, Scalar.Int, 'an int scalar or vector')) sameComponents(1, result);
        break;
      case Shape.IntCompare:
        if (!resultIs(Scalar.Bool, 'a bool scalar or vector') || n < 2) break;
        if (operandIs(0, Scalar.Int, 'an int scalar or vector') && operandIs(1, Scalar.Int, 'an int scalar or vector')) {
          if (sameComponents(0, result) && sameComponents(1, result)) sameWidth(1, t.width(type(0)), 'the first operand');
        }
        break;
      case Shape.FloatCompare:
        if (!resultIs(Scalar.Bool, 'a bool scalar or vector') || n < 2) break;
        if (operandIs(0, Scalar.Float, 'a float scalar or vector') && sameComponents(0, result) && type(1) !== type(0)) {
          const a = words[start];
          const b = words[start + 1];
          fail('spvkit-types-operand', (name) => `operands ${name(a)} and ${name(b)} are not of one type`, [a, b]);
        }
        break;
      case Shape.FloatTest:
        if (resultIs(Scalar.Bool, 'a bool scalar or vector') && n >= 1 && operandIs(0, Scalar.Float, 'a float scalar or vector')) sameComponents(0, result);
        break;
      case Shape.AnyAll:
        if (resultIs(Scalar.Bool, 'a bool scalar', true) && n >= 1 && !(t.scalar(type(0)) === Scalar.Bool && t.isVector(type(0)))) {
          const id = words[start];
          fail('spvkit-types-operand', (name) => `operand ${name(id)} is not a bool vector`, [id]);
        }
        break;
      case Shape.Select: {
        if (n < 3) break;
        const condition = type(0);
        if (t.scalar(condition) !== Scalar.Bool) {
          const id = words[start];
          fail('spvkit-types-operand', (name) => `the condition ${name(id)} is not a bool scalar or vector`, [id]);
        } else if (
          t.isVector(condition) ? !t.isVector(result) || t.components(condition) !== t.components(result) : t.isVector(result) && scan.words[1] < 0x10400
        ) {
          // Before SPIR-V 1.4 a vector result needs a condition vector of its size; from 1.4 a scalar condition selects whole objects.

          const id = words[start];
          fail('spvkit-types-components', (name) => `the condition ${name(id)} does not have the vector size of the result type`, [id]);
        }
        for (let k = 1; k < 3; k++) {
          if (type(k) !== result) {
            const id = words[start + k];
            fail('spvkit-types-operand', (name) => `object ${name(id)} is not of the result type ${name(result)}`, [id, result]);
          }
        }
        break;
      }
      case Shape.Convert: {
        const [resultKind, signedness, inputKind, widthChanges] = conversions.get(op)!;
        const what = `${signedness === 1 ? 'an unsigned ' : resultKind === Scalar.Int ? 'an ' : 'a '}${KIND_NAMES[resultKind]} scalar or vector`;
        if (!resultIs(resultKind, what) || (signedness === 1 && !checkUnsigned(t, result, fail)) || n < 1) break;
        if (!operandIs(0, inputKind, `${inputKind === Scalar.Int ? 'an' : 'a'} ${KIND_NAMES[inputKind]} scalar or vector`) || !sameComponents(0, result)) break;
        if (widthChanges && t.width(type(0)) === t.width(result)) {
          const id = words[start];
          fail('spvkit-types-width', (name) => `input ${name(id)} has the width of the result type; the conversion must change it`, [id]);
        }
        break;
      }
      case Shape.VectorTimesScalar:
        if (!resultIs(Scalar.Float, 'a float vector', false, true) || n < 2) break;
        if (type(0) !== result) {
          const id = words[start];
          fail('spvkit-types-operand', (name) => `vector ${name(id)} is not of the result type ${name(result)}`, [id, result]);
        }
        if (type(1) !== t.scalarType(result)) {
          const id = words[start + 1];
          fail('spvkit-types-operand', (name) => `scalar ${name(id)} is not of the result's component type`, [id]);
        }
        break;
      case Shape.Dot: {
        if (!resultIs(Scalar.Float, 'a float scalar', true) || n < 2) break;
        let vectors = true;
        for (let k = 0; k < 2; k++) {
          const v = type(k);
          if (!t.isVector(v) || t.scalarType(v) !== result) {
            vectors = false;
            const id = words[start + k];
            fail('spvkit-types-operand', (name) => `operand ${name(id)} is not a vector of ${name(result)}`, [id, result]);
          }
        }
        if (vectors && type(0) !== type(1)) {
          const a = words[start];
          const b = words[start + 1];
          fail('spvkit-types-operand', (name) => `operands ${name(a)} and ${name(b)} are not of one type`, [a, b]);
        }
        break;
      }
    }
  }
}

function checkUnsigned(t: TypeQueries, result: number, fail: (code: RuleCode, message: (name: IdNamer) => string, ids: readonly number[]) => void): boolean {
  if (!t.signed(result)) return true;
  fail('spvkit-types-result', (name) => `the result type ${name(result)} is signed; the instruction requires an unsigned int scalar or vector`, [result]);
  return false;
}
