import { Op, type Instruction, type TypeManager } from '@spvkit/core';
import { partsOf, scalarBits, type ConstantValue, type ConstantValues } from './constantValue.js';
import { decodeFloat, encodeFloat } from './floatBits.js';
import { scalarTypeOf, signedValue, widthMask, type ScalarType } from './scalarType.js';

type Scalar = { readonly type: ScalarType; readonly bits: bigint };

/**
 * The value of an OpSpecConstantOp whose operands are all fixed constants, or undefined when it
 * cannot be folded: an operand still a spec constant or an OpUndef, an operation outside the
 * Shader set folded here (the Kernel-only float and pointer operations), or a result the
 * specification leaves undefined (division by zero, a shift by the width or more, the signed
 * minimum divided by -1, an undefined shuffle component), which is left for the driver as it was.
 */
export function evaluateSpecConstantOp(types: TypeManager, values: ConstantValues, inst: Instruction): ConstantValue | undefined {
  const opcode = inst.word(0);
  const operand = (i: number): ConstantValue | undefined => values.get(inst.word(i));
  switch (opcode) {
    case Op.CompositeExtract: {
      const composite = operand(1);
      return composite === undefined ? undefined : extract(types, composite, literals(inst, 2));
    }
    case Op.CompositeInsert: {
      const object = operand(1);
      const composite = operand(2);
      return object === undefined || composite === undefined ? undefined : insert(types, composite, object, literals(inst, 3));
    }
    case Op.VectorShuffle: {
      const a = operand(1);
      const b = operand(2);
      const pool = a === undefined || b === undefined ? undefined : [...(partsOf(a, types) ?? []), ...(partsOf(b, types) ?? [])];
      if (pool === undefined) return undefined;
      const parts: ConstantValue[] = [];
      for (const index of literals(inst, 3)) {
        const part = pool[index];
        if (part === undefined) return undefined; // 0xFFFFFFFF: an undefined component
        parts.push(part);
      }
      return { kind: 'composite', typeId: inst.typeId, parts };
    }
    case Op.Select: {
      const condition = operand(1);
      const a = operand(2);
      const b = operand(3);
      if (condition === undefined || a === undefined || b === undefined) return undefined;
      const scalar = scalarBits(condition, types);
      if (scalar !== undefined) return scalar.bits !== 0n ? a : b;
      // A vector condition selects component by component.
      return componentWise(types, inst.typeId, [condition, a, b], (_type, [c, x, y]) => (c.bits !== 0n ? x.bits : y.bits));
    }
    default: {
      const fold = SCALAR_OPS.get(opcode);
      if (fold === undefined) return undefined;
      const operands: ConstantValue[] = [];
      for (let i = 1; i < inst.operandCount; i++) {
        const v = operand(i);
        if (v === undefined) return undefined;
        operands.push(v);
      }
      return componentWise(types, inst.typeId, operands, fold);
    }
  }
}

function literals(inst: Instruction, from: number): number[] {
  return Array.from(inst.operands.subarray(from));
}

function extract(types: TypeManager, composite: ConstantValue, path: readonly number[]): ConstantValue | undefined {
  let current = composite;
  for (const index of path) {
    const part = partsOf(current, types)?.[index];
    if (part === undefined) return undefined;
    current = part;
  }
  return current;
}

function insert(types: TypeManager, composite: ConstantValue, object: ConstantValue, path: readonly number[]): ConstantValue | undefined {
  if (path.length === 0) return object;
  const parts = partsOf(composite, types);
  const part = parts?.[path[0]];
  if (parts === undefined || part === undefined) return undefined;
  const replaced = insert(types, part, object, path.slice(1));
  if (replaced === undefined) return undefined;
  return { kind: 'composite', typeId: composite.typeId, parts: parts.map((p, i) => (i === path[0] ? replaced : p)) };
}

/** A scalar operation: the result's bits from the operands', or undefined where the result is undefined. */
type ScalarOp = (result: ScalarType, operands: readonly Scalar[]) => bigint | undefined;

/**
 * Applies `fold` to scalars, or component by component to vectors (scalar operands of a vector
 * operation, as OpSelect's condition may be, apply to every component).
 */
function componentWise(types: TypeManager, resultTypeId: number, operands: readonly ConstantValue[], fold: ScalarOp): ConstantValue | undefined {
  const resultScalar = scalarTypeOf(types, resultTypeId);
  if (resultScalar !== undefined) {
    const scalars = operands.map((o) => scalarBits(o, types));
    if (scalars.some((s) => s === undefined)) return undefined;
    const bits = fold(resultScalar, scalars as Scalar[]);
    return bits === undefined ? undefined : { kind: 'scalar', typeId: resultTypeId, type: resultScalar, bits };
  }
  const vector = types.def(resultTypeId);
  if (vector?.opcode !== Op.TypeVector) return undefined;
  const componentType = vector.word(0);
  const count = vector.word(1);
  const split = operands.map((o) => scalarBits(o, types) ?? partsOf(o, types));
  const parts: ConstantValue[] = [];
  for (let i = 0; i < count; i++) {
    const scalars: ConstantValue[] = [];
    for (const s of split) {
      const part = s === undefined ? undefined : isScalar(s) ? ({ kind: 'scalar', typeId: 0, type: s.type, bits: s.bits } as const) : s[i];
      if (part === undefined) return undefined;
      scalars.push(part);
    }
    const part = componentWise(types, componentType, scalars, fold);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return { kind: 'composite', typeId: resultTypeId, parts };
}

function isScalar(s: Scalar | readonly ConstantValue[]): s is Scalar {
  return !Array.isArray(s);
}

const int = (t: ScalarType): number => (t.kind === 'bool' ? 1 : t.width);
const mask = (t: ScalarType, v: bigint): bigint => v & widthMask(int(t));
const signed = (s: Scalar): bigint => signedValue(s.bits, int(s.type));
const bool = (b: boolean): bigint => (b ? 1n : 0n);

/** Integer operations: no float operand, for the Shader set works on integers and bools only. */
function integer(fold: (r: ScalarType, o: readonly Scalar[]) => bigint | undefined): ScalarOp {
  return (r, o) => (r.kind === 'float' || o.some((s) => s.type.kind === 'float') ? undefined : fold(r, o));
}

function shift(fold: (r: ScalarType, a: Scalar, by: number) => bigint): ScalarOp {
  return integer((r, [a, b]) => (b.bits >= BigInt(int(r)) ? undefined : fold(r, a, Number(b.bits))));
}

const SCALAR_OPS = new Map<number, ScalarOp>([
  [Op.SNegate, integer((r, [a]) => mask(r, -a.bits))],
  [Op.Not, integer((r, [a]) => mask(r, ~a.bits))],
  [Op.IAdd, integer((r, [a, b]) => mask(r, a.bits + b.bits))],
  [Op.ISub, integer((r, [a, b]) => mask(r, a.bits - b.bits))],
  [Op.IMul, integer((r, [a, b]) => mask(r, a.bits * b.bits))],
  [Op.UDiv, integer((r, [a, b]) => (b.bits === 0n ? undefined : mask(r, a.bits / b.bits)))],
  [Op.UMod, integer((r, [a, b]) => (b.bits === 0n ? undefined : mask(r, a.bits % b.bits)))],
  [Op.SDiv, integer((r, [a, b]) => signedDivision(r, a, b, (x, y) => x / y))],
  [Op.SRem, integer((r, [a, b]) => signedDivision(r, a, b, (x, y) => x % y))],
  // SMod takes the sign of the divisor, SRem (like BigInt's %) that of the dividend.
  [Op.SMod, integer((r, [a, b]) => signedDivision(r, a, b, (x, y) => (x % y !== 0n && x % y < 0n !== y < 0n ? (x % y) + y : x % y)))],
  [Op.ShiftRightLogical, shift((r, a, by) => mask(r, a.bits >> BigInt(by)))],
  [Op.ShiftRightArithmetic, shift((r, a, by) => mask(r, signed(a) >> BigInt(by)))],
  [Op.ShiftLeftLogical, shift((r, a, by) => mask(r, a.bits << BigInt(by)))],
  [Op.BitwiseOr, integer((r, [a, b]) => mask(r, a.bits | b.bits))],
  [Op.BitwiseXor, integer((r, [a, b]) => mask(r, a.bits ^ b.bits))],
  [Op.BitwiseAnd, integer((r, [a, b]) => mask(r, a.bits & b.bits))],
  [Op.LogicalOr, integer((_r, [a, b]) => bool(a.bits !== 0n || b.bits !== 0n))],
  [Op.LogicalAnd, integer((_r, [a, b]) => bool(a.bits !== 0n && b.bits !== 0n))],
  [Op.LogicalNot, integer((_r, [a]) => bool(a.bits === 0n))],
  [Op.LogicalEqual, integer((_r, [a, b]) => bool(a.bits === b.bits))],
  [Op.LogicalNotEqual, integer((_r, [a, b]) => bool(a.bits !== b.bits))],
  [Op.IEqual, integer((_r, [a, b]) => bool(a.bits === b.bits))],
  [Op.INotEqual, integer((_r, [a, b]) => bool(a.bits !== b.bits))],
  [Op.ULessThan, integer((_r, [a, b]) => bool(a.bits < b.bits))],
  [Op.ULessThanEqual, integer((_r, [a, b]) => bool(a.bits <= b.bits))],
  [Op.UGreaterThan, integer((_r, [a, b]) => bool(a.bits > b.bits))],
  [Op.UGreaterThanEqual, integer((_r, [a, b]) => bool(a.bits >= b.bits))],
  [Op.SLessThan, integer((_r, [a, b]) => bool(signed(a) < signed(b)))],
  [Op.SLessThanEqual, integer((_r, [a, b]) => bool(signed(a) <= signed(b)))],
  [Op.SGreaterThan, integer((_r, [a, b]) => bool(signed(a) > signed(b)))],
  [Op.SGreaterThanEqual, integer((_r, [a, b]) => bool(signed(a) >= signed(b)))],
  [Op.UConvert, integer((r, [a]) => mask(r, a.bits))],
  [Op.SConvert, integer((r, [a]) => mask(r, signed(a)))],
  [Op.QuantizeToF16, (r, [a]) => (r.kind === 'float' && r.width === 32 && a.type.kind === 'float' && a.type.width === 32 ? quantizeToF16(a.bits) : undefined)],
  [Op.FConvert, (r, [a]) => (r.kind === 'float' && a.type.kind === 'float' ? encodeFloat(decodeFloat(a.bits, a.type.width), r.width).bits : undefined)],
]);

/**
 * OpQuantizeToF16: the float32 rounded to the nearest half (even on ties), a half subnormal
 * flushed to a zero of its sign and a value too large for a half becoming an infinity, as the
 * specification says.
 */
function quantizeToF16(bits: bigint): bigint {
  const half = encodeFloat(decodeFloat(bits, 32), 16).bits;
  const flushed = (half & 0x7c00n) === 0n ? half & 0x8000n : half;
  return encodeFloat(decodeFloat(flushed, 16), 32).bits;
}

/** SDiv, SRem, SMod: undefined for a zero divisor and for the signed minimum over -1 (it overflows). */
function signedDivision(r: ScalarType, a: Scalar, b: Scalar, f: (x: bigint, y: bigint) => bigint): bigint | undefined {
  const x = signed(a);
  const y = signed(b);
  if (y === 0n || (y === -1n && x === -(1n << BigInt(int(a.type) - 1)))) return undefined;
  return mask(r, f(x, y));
}
