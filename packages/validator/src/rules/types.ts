import { Op, opcodeName, type ModuleIndex } from '@spvkit/core';
import type { IdNamer, Reporter } from '../report/Reporter.js';
import type { RuleCode } from '../report/rules.js';
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
export function checkTypes(scan: ModuleIndex, reporter: Reporter): void {
  const c = new InstructionTypes(scan, reporter);
  const { count, opcode } = scan;
  for (let i = 0; i < count; i++) {
    const s = shapes[opcode[i]];
    if (s !== 0 && !reporter.isFlagged(i)) c.check(i, s);
  }
}

/**
 * The checks of one instruction at a time. The instruction is held in fields, not captured by
 * closures, so checking a million instructions allocates nothing; a message maker is made only
 * for a finding.
 */
class InstructionTypes {
  private readonly t: TypeQueries;
  private readonly words: Uint32Array;
  private i = 0;
  private op = 0;
  private result = 0;
  private start = 0;
  private n = 0;

  constructor(
    private readonly scan: ModuleIndex,
    private readonly reporter: Reporter,
  ) {
    this.t = new TypeQueries(scan);
    this.words = scan.words;
  }

  check(i: number, s: Shape): void {
    const { t, words } = this;
    this.i = i;
    this.op = this.scan.opcode[i];
    const result = (this.result = this.scan.typeId[i]);
    const start = (this.start = this.scan.operandStart[i]);
    const n = (this.n = this.scan.end[i] - start);
    // Every operand must be a value (have a type) before its type can be compared.
    let values = true;
    for (let k = 0; k < n; k++) {
      if (t.typeOf(words[start + k]) === 0) {
        const id = words[start + k];
        this.fail('spvkit-types-not-value', (name) => `operand ${name(id)} is not a value`, [id]);
        values = false;
      }
    }
    if (!values) return;
    switch (s) {
      case Shape.FloatSame:
        if (this.resultIs(Scalar.Float, 'a float scalar or vector')) this.sameAsResult();
        break;
      case Shape.UintSame:
        if (this.resultIs(Scalar.Int, 'an unsigned int scalar or vector') && this.unsignedResult()) this.sameAsResult();
        break;
      case Shape.BoolSame:
        if (this.resultIs(Scalar.Bool, 'a bool scalar or vector')) this.sameAsResult();
        break;
      case Shape.IntArith:
        if (!this.resultIs(Scalar.Int, 'an int scalar or vector')) break;
        for (let k = 0; k < n; k++) {
          if (this.operandIs(k, Scalar.Int, 'an int scalar or vector') && this.sameComponents(k, result)) this.sameWidth(k, t.width(result), 'the result type');
        }
        break;
      case Shape.Shift:
        if (!this.resultIs(Scalar.Int, 'an int scalar or vector') || n < 2) break;
        if (this.operandIs(0, Scalar.Int, 'an int scalar or vector') && this.sameComponents(0, result)) this.sameWidth(0, t.width(result), 'the result type');
        if (this.operandIs(1, Scalar.Int, 'an int scalar or vector')) this.sameComponents(1, result);
        break;
      case Shape.IntCompare:
        if (!this.resultIs(Scalar.Bool, 'a bool scalar or vector') || n < 2) break;
        if (this.operandIs(0, Scalar.Int, 'an int scalar or vector') && this.operandIs(1, Scalar.Int, 'an int scalar or vector')) {
          if (this.sameComponents(0, result) && this.sameComponents(1, result)) this.sameWidth(1, t.width(this.type(0)), 'the first operand');
        }
        break;
      case Shape.FloatCompare:
        if (!this.resultIs(Scalar.Bool, 'a bool scalar or vector') || n < 2) break;
        if (this.operandIs(0, Scalar.Float, 'a float scalar or vector') && this.sameComponents(0, result) && this.type(1) !== this.type(0)) {
          const a = words[start];
          const b = words[start + 1];
          this.fail('spvkit-types-operand', (name) => `operands ${name(a)} and ${name(b)} are not of one type`, [a, b]);
        }
        break;
      case Shape.FloatTest:
        if (this.resultIs(Scalar.Bool, 'a bool scalar or vector') && n >= 1 && this.operandIs(0, Scalar.Float, 'a float scalar or vector'))
          this.sameComponents(0, result);
        break;
      case Shape.AnyAll:
        if (this.resultIs(Scalar.Bool, 'a bool scalar', true) && n >= 1 && !(t.scalar(this.type(0)) === Scalar.Bool && t.isVector(this.type(0)))) {
          const id = words[start];
          this.fail('spvkit-types-operand', (name) => `operand ${name(id)} is not a bool vector`, [id]);
        }
        break;
      case Shape.Select:
        this.select();
        break;
      case Shape.Convert:
        this.convert();
        break;
      case Shape.VectorTimesScalar:
        if (!this.resultIs(Scalar.Float, 'a float vector', false, true) || n < 2) break;
        if (this.type(0) !== result) {
          const id = words[start];
          this.fail('spvkit-types-operand', (name) => `vector ${name(id)} is not of the result type ${name(result)}`, [id, result]);
        }
        if (this.type(1) !== t.scalarType(result)) {
          const id = words[start + 1];
          this.fail('spvkit-types-operand', (name) => `scalar ${name(id)} is not of the result's component type`, [id]);
        }
        break;
      case Shape.Dot:
        this.dot();
        break;
    }
  }

  private type(k: number): number {
    return this.t.typeOf(this.words[this.start + k]);
  }

  private fail(code: RuleCode, message: (name: IdNamer) => string, ids: readonly number[]): void {
    const op = this.op;
    this.reporter.report(code, this.i, (name) => `${opcodeName(op) ?? `opcode ${op}`}: ${message(name)}`, ids);
  }

  private resultIs(kind: Scalar, what: string, scalarOnly = false, vectorOnly = false): boolean {
    const { t, result } = this;
    const ok = t.scalar(result) === kind && (!scalarOnly || !t.isVector(result)) && (!vectorOnly || t.isVector(result));
    if (!ok) this.fail('spvkit-types-result', (name) => `the result type ${name(result)} is not ${what}`, [result]);
    return ok;
  }

  private unsignedResult(): boolean {
    const result = this.result;
    if (!this.t.signed(result)) return true;
    this.fail('spvkit-types-result', (name) => `the result type ${name(result)} is signed; the instruction requires an unsigned int scalar or vector`, [
      result,
    ]);
    return false;
  }

  private sameAsResult(): void {
    const result = this.result;
    for (let k = 0; k < this.n; k++) {
      if (this.type(k) !== result) {
        const id = this.words[this.start + k];
        this.fail('spvkit-types-operand', (name) => `operand ${name(id)} is not of the result type ${name(result)}`, [id, result]);
      }
    }
  }

  private operandIs(k: number, kind: Scalar, what: string): boolean {
    const ok = this.t.scalar(this.type(k)) === kind;
    if (!ok) {
      const id = this.words[this.start + k];
      this.fail('spvkit-types-operand', (name) => `operand ${name(id)} is not ${what}`, [id]);
    }
    return ok;
  }

  private sameComponents(k: number, other: number): boolean {
    const { t } = this;
    const has = t.components(this.type(k));
    const wanted = t.components(other);
    if (has === wanted) return true;
    const id = this.words[this.start + k];
    this.fail('spvkit-types-components', (name) => `operand ${name(id)} has ${has} components, the result type ${wanted}`, [id]);
    return false;
  }

  private sameWidth(k: number, width: number, against: string): void {
    const has = this.t.width(this.type(k));
    if (has === width) return;
    const id = this.words[this.start + k];
    this.fail('spvkit-types-width', (name) => `operand ${name(id)} is ${has} bits wide, ${against} ${width}`, [id]);
  }

  private select(): void {
    const { t, words, start, result } = this;
    if (this.n < 3) return;
    const condition = this.type(0);
    const id = words[start];
    if (t.scalar(condition) !== Scalar.Bool) {
      this.fail('spvkit-types-operand', (name) => `the condition ${name(id)} is not a bool scalar or vector`, [id]);
    } else if (t.isVector(condition) ? !t.isVector(result) || t.components(condition) !== t.components(result) : t.isVector(result) && words[1] < 0x10400) {
      // Before SPIR-V 1.4 a vector result needs a condition vector of its size; from 1.4 a scalar condition selects whole objects.
      this.fail('spvkit-types-components', (name) => `the condition ${name(id)} does not have the vector size of the result type`, [id]);
    }
    for (let k = 1; k < 3; k++) {
      if (this.type(k) !== result) {
        const object = words[start + k];
        this.fail('spvkit-types-operand', (name) => `object ${name(object)} is not of the result type ${name(result)}`, [object, result]);
      }
    }
  }

  private convert(): void {
    const { t, result } = this;
    const [resultKind, signedness, inputKind, widthChanges] = conversions.get(this.op)!;
    const what = `${signedness === 1 ? 'an unsigned ' : resultKind === Scalar.Int ? 'an ' : 'a '}${KIND_NAMES[resultKind]} scalar or vector`;
    if (!this.resultIs(resultKind, what) || (signedness === 1 && !this.unsignedResult()) || this.n < 1) return;
    if (!this.operandIs(0, inputKind, `${inputKind === Scalar.Int ? 'an' : 'a'} ${KIND_NAMES[inputKind]} scalar or vector`) || !this.sameComponents(0, result))
      return;
    if (widthChanges && t.width(this.type(0)) === t.width(result)) {
      const id = this.words[this.start];
      this.fail('spvkit-types-width', (name) => `input ${name(id)} has the width of the result type; the conversion must change it`, [id]);
    }
  }

  private dot(): void {
    const { t, words, start, result } = this;
    if (!this.resultIs(Scalar.Float, 'a float scalar', true) || this.n < 2) return;
    let vectors = true;
    for (let k = 0; k < 2; k++) {
      const v = this.type(k);
      if (!t.isVector(v) || t.scalarType(v) !== result) {
        vectors = false;
        const id = words[start + k];
        this.fail('spvkit-types-operand', (name) => `operand ${name(id)} is not a vector of ${name(result)}`, [id, result]);
      }
    }
    if (vectors && this.type(0) !== this.type(1)) {
      const a = words[start];
      const b = words[start + 1];
      this.fail('spvkit-types-operand', (name) => `operands ${name(a)} and ${name(b)} are not of one type`, [a, b]);
    }
  }
}
