import { Capability, Op, definitionOf, opcodeName, type ModuleIndex } from '@spvkit/core';
import { declaresShader } from './controlFlow/declaresShader.js';
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
  /** OpCopyObject: the operand is of the result type, whatever type that is. */
  Copy,
  /** Int scalar or vector result; an int Base with the result's components (OpBitCount). */
  BitCount,
  /** Int scalar or vector result; a Base of the result type (OpBitReverse). */
  BitReverse,
  /** Int scalar or vector result; Base (and Insert) of the result type, int scalar Offset and Count. */
  BitField,
  /** Struct result of two members of one int scalar or vector type; two operands of that type (OpIAddCarry, ...). */
  Extended,
  /** OpBitcast: numeric result and input of one total bit width; pointers and other types are not judged here. */
  Bitcast,
  /** Float scalar or vector result; an operand of the result type; 32-bit components where the module declares Shader (derivatives). */
  Derivative,
  /** 32-bit float scalar or vector result; an operand of the result type (OpQuantizeToF16). */
  Quantize,
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
shape(Shape.Copy, [Op.CopyObject]);
shape(Shape.BitCount, [Op.BitCount]);
shape(Shape.BitReverse, [Op.BitReverse]);
shape(Shape.BitField, [Op.BitFieldInsert, Op.BitFieldSExtract, Op.BitFieldUExtract]);
shape(Shape.Extended, [Op.IAddCarry, Op.ISubBorrow, Op.UMulExtended, Op.SMulExtended]);
shape(Shape.Bitcast, [Op.Bitcast]);
shape(Shape.Derivative, [Op.DPdx, Op.DPdy, Op.Fwidth, Op.DPdxFine, Op.DPdyFine, Op.FwidthFine, Op.DPdxCoarse, Op.DPdyCoarse, Op.FwidthCoarse]);
shape(Shape.Quantize, [Op.QuantizeToF16]);
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
  /** Whether the module declares Shader, where derivatives take 32-bit floats only; asked once, at the first derivative. */
  private declaresShader: boolean | undefined;
  /** Whether the module declares CooperativeMatrixConversionsNV; asked once, at the first conversion of a cooperative matrix. */
  private conversionsNV: boolean | undefined;

  constructor(
    private readonly scan: ModuleIndex,
    private readonly reporter: Reporter,
  ) {
    this.t = new TypeQueries(scan);
    this.words = scan.words;
  }

  private get shader(): boolean {
    return (this.declaresShader ??= declaresShader(this.scan));
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
        // A float cooperative matrix too: spirv-val's arithmetic takes them as it takes vectors.
        if (t.scalar(t.matrixComponent(result)) === Scalar.Float || this.resultIs(Scalar.Float, 'a float scalar or vector')) this.sameAsResult();
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
      case Shape.Copy:
        if (n >= 1) this.sameAsResult(1);
        break;
      case Shape.BitCount:
        if (this.resultIs(Scalar.Int, 'an int scalar or vector') && n >= 1 && this.operandIs(0, Scalar.Int, 'an int scalar or vector'))
          this.sameComponents(0, result);
        break;
      case Shape.BitReverse:
        if (this.resultIs(Scalar.Int, 'an int scalar or vector') && n >= 1 && this.operandIs(0, Scalar.Int, 'an int scalar or vector')) this.sameAsResult(1);
        break;
      case Shape.BitField:
        this.bitField();
        break;
      case Shape.Extended:
        this.extended();
        break;
      case Shape.Bitcast:
        this.bitcast();
        break;
      case Shape.Derivative:
        if (!this.resultIs(Scalar.Float, 'a float scalar or vector') || n < 1) break;
        this.sameAsResult(1);
        if (this.shader && t.width(result) !== 32) {
          this.fail('spvkit-types-width', (name) => `the result type ${name(result)} has ${t.width(result)}-bit components; derivatives take 32-bit floats`, [
            result,
          ]);
        }
        break;
      case Shape.Quantize:
        if (!this.resultIs(Scalar.Float, 'a float scalar or vector') || n < 1) break;
        if (t.width(result) !== 32)
          this.fail('spvkit-types-width', (name) => `the result type ${name(result)} is not a 32-bit float scalar or vector`, [result]);
        else this.sameAsResult(1);
        break;
    }
  }

  /** OpBitFieldInsert (Base, Insert, Offset, Count) and the extracts (Base, Offset, Count): bases of the result type, int scalar counts. */
  private bitField(): void {
    if (!this.resultIs(Scalar.Int, 'an int scalar or vector')) return;
    const fields = this.op === Op.BitFieldInsert ? 2 : 1;
    if (this.n < fields + 2) return;
    this.sameAsResult(fields);
    for (let k = fields; k < fields + 2; k++) {
      const type = this.type(k);
      if (this.t.scalar(type) !== Scalar.Int || this.t.isVector(type)) {
        const id = this.words[this.start + k];
        this.fail('spvkit-types-operand', (name) => `${k === fields ? 'Offset' : 'Count'} ${name(id)} is not an int scalar`, [id]);
      }
    }
  }

  /**
   * OpIAddCarry, OpISubBorrow, OpUMulExtended and OpSMulExtended: the result is a struct of two
   * members of one int scalar or vector type (unsigned but for OpSMulExtended), and both operands
   * have that type.
   */
  private extended(): void {
    const { t, words, result, scan } = this;
    const d = definitionOf(scan, result);
    if (d < 0 || scan.opcode[d] !== Op.TypeStruct) {
      this.fail('spvkit-types-result', (name) => `the result type ${name(result)} is not a struct`, [result]);
      return;
    }
    const s = scan.operandStart[d];
    if (scan.end[d] - s !== 2) {
      this.fail('spvkit-types-result', (name) => `the result type ${name(result)} does not have two members`, [result]);
      return;
    }
    const member = words[s];
    const unsigned = this.op !== Op.SMulExtended;
    if (t.scalar(member) !== Scalar.Int || (unsigned && t.signed(member))) {
      this.fail(
        'spvkit-types-result',
        (name) => `the members of the result type ${name(result)} are not ${unsigned ? 'unsigned ' : ''}int scalars or vectors`,
        [result],
      );
      return;
    }
    if (words[s + 1] !== member) {
      this.fail('spvkit-types-result', (name) => `the two members of the result type ${name(result)} are not of one type`, [result]);
      return;
    }
    for (let k = 0; k < Math.min(this.n, 2); k++) {
      if (this.type(k) !== member) {
        const id = words[this.start + k];
        this.fail('spvkit-types-operand', (name) => `operand ${name(id)} is not of the type ${name(member)} of the result's members`, [id, member]);
      }
    }
  }

  /**
   * OpBitcast between numbers: int and float scalars and vectors of one total bit width. A bool
   * or a composite other than a vector is no number to cast; a pointer on either side (its width
   * depends on the addressing model and storage class) and any type this family does not know
   * (cooperative matrices, ...) are left alone, so no valid cast is rejected here.
   */
  private bitcast(): void {
    const { t, words, start, result } = this;
    if (this.n < 1) return;
    const input = this.type(0);
    const notNumber = (type: number): boolean => {
      if (t.scalar(type) === Scalar.Bool) return true;
      const d = definitionOf(this.scan, type);
      const op = d < 0 ? 0 : this.scan.opcode[d];
      return op === Op.TypeStruct || op === Op.TypeArray || op === Op.TypeRuntimeArray || op === Op.TypeMatrix || op === Op.TypeVoid;
    };
    if (notNumber(result)) {
      this.fail('spvkit-types-result', (name) => `the result type ${name(result)} is not a pointer or an int or float scalar or vector`, [result]);
      return;
    }
    const id = words[start];
    if (notNumber(input)) {
      this.fail('spvkit-types-operand', (name) => `input ${name(id)} is not a pointer or an int or float scalar or vector`, [id]);
      return;
    }
    const numeric = (type: number): boolean => t.scalar(type) === Scalar.Int || t.scalar(type) === Scalar.Float;
    if (!numeric(result) || !numeric(input)) return;
    const bits = t.width(input) * t.components(input);
    const wanted = t.width(result) * t.components(result);
    if (bits !== wanted)
      this.fail('spvkit-types-width', (name) => `input ${name(id)} has ${bits} bits in all, the result type ${name(result)} ${wanted}`, [id, result]);
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

  /** Reports every operand (the first `count` of them, where given) not of the result type. */
  private sameAsResult(count = this.n): void {
    const result = this.result;
    for (let k = 0; k < Math.min(count, this.n); k++) {
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
    if (this.n >= 1 && (t.matrixComponent(result) !== 0 || t.matrixComponent(this.type(0)) !== 0)) return this.convertMatrix();
    const what = `${signedness === 1 ? 'an unsigned ' : resultKind === Scalar.Int ? 'an ' : 'a '}${KIND_NAMES[resultKind]} scalar or vector`;
    if (!this.resultIs(resultKind, what) || (signedness === 1 && !this.unsignedResult()) || this.n < 1) return;
    if (!this.operandIs(0, inputKind, `${inputKind === Scalar.Int ? 'an' : 'a'} ${KIND_NAMES[inputKind]} scalar or vector`) || !this.sameComponents(0, result))
      return;
    this.componentChanges(this.type(0), result, widthChanges);
  }

  /**
   * A conversion between cooperative matrices (spirv-val allows them as it allows vectors): both
   * matrices, components of the kinds the opcode converts, the same Scope, Rows, Columns and
   * Use, but for an accumulator made an A or B operand where the module declares
   * CooperativeMatrixConversionsNV (SPV_NV_cooperative_matrix2).
   */
  private convertMatrix(): void {
    const { t, result } = this;
    const [resultKind, signedness, inputKind, widthChanges] = conversions.get(this.op)!;
    const id = this.words[this.start];
    const input = this.type(0);
    const rc = t.matrixComponent(result);
    const ic = t.matrixComponent(input);
    if (rc === 0 || t.scalar(rc) !== resultKind || (signedness === 1 && t.signed(rc))) {
      const what = `${signedness === 1 ? 'an unsigned ' : resultKind === Scalar.Int ? 'an ' : 'a '}${KIND_NAMES[resultKind]} cooperative matrix`;
      this.fail('spvkit-types-result', (name) => `the result type ${name(result)} is not ${what}`, [result]);
      return;
    }
    if (ic === 0 || t.scalar(ic) !== inputKind) {
      this.fail(
        'spvkit-types-operand',
        (name) => `input ${name(id)} is not ${inputKind === Scalar.Int ? 'an' : 'a'} ${KIND_NAMES[inputKind]} cooperative matrix`,
        [id],
      );
      return;
    }
    if (!t.sameMatrixShape(result, input, (this.conversionsNV ??= declares(this.scan, Capability.CooperativeMatrixConversionsNV)))) {
      this.fail('spvkit-types-components', (name) => `input ${name(id)} has another Scope, Rows, Columns or Use than the result type ${name(result)}`, [
        id,
        result,
      ]);
      return;
    }
    this.componentChanges(ic, rc, widthChanges);
  }

  /**
   * Where the conversion must change the component (UConvert, SConvert, FConvert): spirv-val
   * compares the component types, so a float conversion of one width between encodings (float16
   * to BFloat16KHR, one Float8 to another) is a change.
   */
  private componentChanges(input: number, result: number, widthChanges: boolean): void {
    const { t } = this;
    if (!widthChanges || t.width(input) !== t.width(result) || t.encoding(input) !== t.encoding(result)) return;
    const id = this.words[this.start];
    this.fail('spvkit-types-width', (name) => `input ${name(id)} has the width of the result type; the conversion must change it`, [id]);
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

/** Whether the module declares `capability` itself (no implied capability gives the ones asked here). */
function declares(scan: ModuleIndex, capability: number): boolean {
  for (let i = 0; i < scan.count; i++) if (scan.opcode[i] === Op.Capability && scan.words[scan.operandStart[i]] === capability) return true;
  return false;
}
