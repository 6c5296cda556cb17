import { Instruction, Op, type DefUse, type TypeManager } from '@spvkit/core';
import { partsOf, scalarBits, type ConstantValue, type ConstantValues } from '../../specialize/constantValue.js';
import { evaluateSpecConstantOp } from '../../specialize/evaluateSpecConstantOp.js';
import { scalarTypeOf, widthMask } from '../../specialize/scalarType.js';

/**
 * What an instruction folds to: an id already in the module that holds its value, a constant
 * value to declare, or new operands for the same instruction (an extract that reads past a chain
 * of inserts or a construct).
 */
export type Folded =
  | { readonly kind: 'id'; readonly id: number }
  | { readonly kind: 'value'; readonly value: ConstantValue }
  | { readonly kind: 'operands'; readonly operands: readonly number[] };

/**
 * Operations whose every operand a constant makes the result a constant: the integer, bool and
 * bitwise operations {@link evaluateSpecConstantOp} computes, with wrap-around, and nothing the
 * specification leaves undefined (division by zero, shifts by the width or more). FConvert and
 * QuantizeToF16 are left out on purpose: their rounding is the driver's to choose (Vulkan leaves
 * FConvert's rounding to the implementation unless FPRoundingMode says otherwise, and
 * QuantizeToF16 may flush denormals or not), so folding them here could change a result.
 */
const CONSTANT_FOLDED: ReadonlySet<number> = new Set([
  Op.SNegate,
  Op.Not,
  Op.IAdd,
  Op.ISub,
  Op.IMul,
  Op.UDiv,
  Op.UMod,
  Op.SDiv,
  Op.SRem,
  Op.SMod,
  Op.ShiftRightLogical,
  Op.ShiftRightArithmetic,
  Op.ShiftLeftLogical,
  Op.BitwiseOr,
  Op.BitwiseXor,
  Op.BitwiseAnd,
  Op.LogicalOr,
  Op.LogicalAnd,
  Op.LogicalNot,
  Op.LogicalEqual,
  Op.LogicalNotEqual,
  Op.IEqual,
  Op.INotEqual,
  Op.ULessThan,
  Op.ULessThanEqual,
  Op.UGreaterThan,
  Op.UGreaterThanEqual,
  Op.SLessThan,
  Op.SLessThanEqual,
  Op.SGreaterThan,
  Op.SGreaterThanEqual,
  Op.UConvert,
  Op.SConvert,
  Op.Select,
  Op.CompositeExtract,
  Op.CompositeInsert,
  Op.VectorShuffle,
]);

/** Every opcode {@link foldInstruction} may fold: a cheap test before anything is looked up. */
export const FOLDABLE_OPCODES: ReadonlySet<number> = new Set([...CONSTANT_FOLDED, Op.Bitcast, Op.CopyObject, Op.Phi, Op.CompositeConstruct]);

/**
 * Folds one function instruction, or says undefined when it stays as it is. Floating-point
 * arithmetic is never folded, identities included: `x + 0.0` is not `x` for `x = -0.0`, `x * 1.0`
 * may flush a denormal or quiet a NaN on one driver and not another, and constant float
 * arithmetic may be evaluated by the driver at another precision (RelaxedPrecision) or with
 * denormals flushed. The rules that only move bits (OpSelect, OpCompositeExtract, OpCopyObject,
 * OpPhi of one value) apply to floats as to anything else.
 *
 * @example
 * ```ts
 * const folded = foldInstruction(inst, types, values, defUse); // `%a = OpIAdd %uint %x %uint_0` → { kind: 'id', id: x }
 * ```
 */
export function foldInstruction(inst: Instruction, types: TypeManager, values: ConstantValues, defUse: DefUse): Folded | undefined {
  const opcode = inst.opcode;
  if (opcode === Op.Bitcast) {
    const v = values.get(inst.word(0));
    const bits = v === undefined ? undefined : bitcastConstant(v, inst.typeId, types);
    return bits === undefined ? undefined : { kind: 'value', value: bits };
  }
  if (CONSTANT_FOLDED.has(opcode)) {
    const constant = foldConstant(inst, types, values);
    if (constant !== undefined) return { kind: 'value', value: constant };
  }
  const typeOf = (id: number): number | undefined => defUse.def(id)?.typeId;
  // An id may stand for the result only when it has the result's type (OpIAdd may mix signedness).
  const same = (id: number): Folded | undefined => (typeOf(id) === inst.typeId ? { kind: 'id', id } : undefined);
  const value = (id: number): ConstantValue | undefined => values.get(id);
  const allBits = (id: number, bits: (width: number) => bigint): boolean => {
    const v = value(id);
    return v !== undefined && everyScalar(v, types, (width, b) => b === bits(width));
  };
  const zero = (id: number): boolean => allBits(id, () => 0n);
  const one = (id: number): boolean => allBits(id, () => 1n);
  const ones = (id: number): boolean => allBits(id, (w) => widthMask(w));
  const a = inst.word(0);
  const b = inst.operandCount > 1 ? inst.word(1) : 0;
  switch (opcode) {
    case Op.IAdd:
    case Op.BitwiseOr:
    case Op.BitwiseXor:
      if (zero(b)) return same(a);
      if (zero(a)) return same(b);
      return undefined;
    case Op.ISub:
    case Op.ShiftLeftLogical:
    case Op.ShiftRightLogical:
    case Op.ShiftRightArithmetic:
      return zero(b) ? same(a) : undefined;
    case Op.IMul:
      if (one(b)) return same(a);
      if (one(a)) return same(b);
      // x * 0 is 0 whatever x is: the result is the null of the result type.
      if (zero(a) || zero(b)) return { kind: 'value', value: { kind: 'null', typeId: inst.typeId } };
      return undefined;
    case Op.UDiv:
    case Op.SDiv:
      return one(b) ? same(a) : undefined;
    case Op.BitwiseAnd:
      if (ones(b)) return same(a);
      if (ones(a)) return same(b);
      if (zero(a) || zero(b)) return { kind: 'value', value: { kind: 'null', typeId: inst.typeId } };
      return undefined;
    case Op.LogicalAnd:
      // true && x is x; false && x is false (bools have no other value).
      if (ones(b)) return same(a);
      if (ones(a)) return same(b);
      if (zero(a) || zero(b)) return { kind: 'value', value: { kind: 'null', typeId: inst.typeId } };
      return a === b ? same(a) : undefined;
    case Op.LogicalOr:
      // false || x is x; true || x is true (the constant true operand itself).
      if (zero(b)) return same(a);
      if (zero(a)) return same(b);
      if (ones(a)) return same(a);
      if (ones(b)) return same(b);
      return a === b ? same(a) : undefined;
    case Op.LogicalNot:
    case Op.Not:
    case Op.SNegate: {
      const inner = defUse.def(a);
      return inner !== undefined && inner.opcode === opcode ? same(inner.word(0)) : undefined;
    }
    case Op.CopyObject:
      return same(a);
    case Op.Select: {
      // A constant condition, every component the same way, picks one object.
      if (allBits(a, () => 1n)) return same(b);
      if (zero(a)) return same(inst.word(2));
      return b === inst.word(2) ? same(b) : undefined;
    }
    case Op.Phi: {
      for (let i = 2; i < inst.operandCount; i += 2) if (inst.word(i) !== a) return undefined;
      // Every edge brings the same value: its definition dominates every predecessor, so the block too.
      return a === inst.resultId ? undefined : same(a);
    }
    case Op.CompositeExtract:
      return foldExtract(inst, types, defUse);
    case Op.CompositeConstruct:
      return foldConstructOfExtracts(inst, defUse);
    default:
      return undefined;
  }
}

/** The constant an operation over constants computes, through the spec-constant evaluator. */
function foldConstant(inst: Instruction, types: TypeManager, values: ConstantValues): ConstantValue | undefined {
  for (let i = 0; i < inst.operandCount; i++) {
    // Literal operands (extract and insert indexes, shuffle components) are not ids.
    if (inst.opcode === Op.CompositeExtract && i > 0) break;
    if (inst.opcode === Op.CompositeInsert && i > 1) break;
    if (inst.opcode === Op.VectorShuffle && i > 1) break;
    if (!values.has(inst.word(i))) return undefined;
  }
  const asSpecOp = new Instruction(Op.SpecConstantOp, inst.typeId, inst.resultId, [inst.opcode, ...inst.operands]);
  return evaluateSpecConstantOp(types, values, asSpecOp);
}

/**
 * OpCompositeExtract through the instructions that built the composite: an extract of an extract
 * is one read of the joined path, an insert at the same index gives its object, one at another
 * index is stepped over, a shuffle gives the component of the vector it picked, a logical copy
 * what it copied (for a scalar, vector or matrix part), and a construct gives the
 * constituent (for a vector only when the constituents are its scalars, so index and constituent
 * agree). What remains of the index path reads from what was found.
 */
function foldExtract(inst: Instruction, types: TypeManager, defUse: DefUse): Folded | undefined {
  let composite = inst.word(0);
  let path = Array.from(inst.operands.subarray(1));
  let moved = false;
  for (;;) {
    if (path.length === 0) break;
    const def = defUse.def(composite);
    if (def === undefined) break;
    if (def.opcode === Op.CompositeInsert) {
      const at = def.operands.subarray(2);
      const common = Math.min(at.length, path.length);
      let prefix = 0;
      while (prefix < common && at[prefix] === path[prefix]) prefix++;
      if (prefix < common) {
        composite = def.word(1); // another member: the insert does not touch what is read
      } else if (at.length <= path.length) {
        composite = def.word(0); // the insert wrote (a part holding) what is read
        path = path.slice(at.length);
      } else {
        break; // the read takes in the inserted part and more
      }
      moved = true;
    } else if (def.opcode === Op.CompositeExtract) {
      // A part of a part: one read of the whole path.
      composite = def.word(0);
      path = [...def.operands.subarray(1), ...path];
      moved = true;
    } else if (def.opcode === Op.CopyLogical && readsThroughCopy(inst, def, types, defUse)) {
      // A logical copy has the same members, by value: a scalar or vector read from it is the
      // one in what was copied, at the same place.
      composite = def.word(0);
      moved = true;
    } else if (def.opcode === Op.VectorShuffle) {
      // A component of a shuffle is that component of the vector it was picked from.
      const picked = path[0] + 2 < def.operandCount ? def.word(path[0] + 2) : 0xffffffff;
      if (picked === 0xffffffff) break; // undefined component (or out of range): left alone
      const first = defUse.def(def.word(0));
      const firstType = first === undefined ? undefined : types.def(first.typeId);
      if (firstType?.opcode !== Op.TypeVector) break;
      const size = firstType.word(1);
      composite = picked < size ? def.word(0) : def.word(1);
      path = [picked < size ? picked : picked - size, ...path.slice(1)];
      moved = true;
    } else if (def.opcode === Op.CompositeConstruct) {
      const type = types.def(def.typeId);
      if (type === undefined) break;
      if (type.opcode === Op.TypeVector && def.operandCount !== type.word(1)) break;
      const constituent = path[0] < def.operandCount ? def.word(path[0]) : undefined;
      if (constituent === undefined) break;
      composite = constituent;
      path = path.slice(1);
      moved = true;
    } else {
      break;
    }
  }
  if (!moved) return undefined;
  if (path.length === 0) return defUse.def(composite)?.typeId === inst.typeId ? { kind: 'id', id: composite } : undefined;
  return { kind: 'operands', operands: [composite, ...path] };
}

/**
 * Whether an extract of `copy` (an OpCopyLogical) may read from what it copied instead: where
 * the part read is a scalar, vector or matrix (the same type in both layouts; a struct or array
 * part is of the copy's own layout), and the copied value is not a load (those the member loads
 * of `simplify-instructions` take apart, which saves the whole load).
 */
function readsThroughCopy(inst: Instruction, copy: Instruction, types: TypeManager, defUse: DefUse): boolean {
  const read = types.def(inst.typeId)?.opcode;
  if (read === undefined || read === Op.TypeStruct || read === Op.TypeArray || read === Op.TypeRuntimeArray) return false;
  return defUse.def(copy.word(0))?.opcode !== Op.Load;
}

/**
 * `OpCompositeConstruct (extract v 0) (extract v 1) ...` of every member of `v` in order, with
 * the construct's type, is `v` itself.
 */
function foldConstructOfExtracts(inst: Instruction, defUse: DefUse): Folded | undefined {
  let source = 0;
  for (let i = 0; i < inst.operandCount; i++) {
    const part = defUse.def(inst.word(i));
    if (part === undefined || part.opcode !== Op.CompositeExtract || part.operandCount !== 2 || part.word(1) !== i) return undefined;
    if (i === 0) source = part.word(0);
    else if (part.word(0) !== source) return undefined;
  }
  const sourceDef = defUse.def(source);
  if (sourceDef === undefined || sourceDef.typeId !== inst.typeId) return undefined;
  return { kind: 'id', id: source };
}

/**
 * OpBitcast of a constant: the same bits with the result's type, for a scalar of the same width
 * or a vector of as many components of the same width (no arithmetic, so floats too: the bits are
 * moved, never computed). Other shapes (two uints to a ulong) are left alone.
 */
function bitcastConstant(value: ConstantValue, typeId: number, types: TypeManager): ConstantValue | undefined {
  const to = scalarTypeOf(types, typeId);
  if (to !== undefined) {
    const from = scalarBits(value, types);
    if (from === undefined || to.kind === 'bool' || from.type.kind === 'bool' || from.type.width !== to.width) return undefined;
    return { kind: 'scalar', typeId, type: to, bits: from.bits };
  }
  const vector = types.def(typeId);
  const parts = partsOf(value, types, 64);
  if (vector?.opcode !== Op.TypeVector || parts === undefined || parts.length !== vector.word(1)) return undefined;
  const cast: ConstantValue[] = [];
  for (const part of parts) {
    const c = bitcastConstant(part, vector.word(0), types);
    if (c === undefined) return undefined;
    cast.push(c);
  }
  return { kind: 'composite', typeId, parts: cast };
}

/** True when `value` is made of scalars (of one or more components) that all pass `test`. */
function everyScalar(value: ConstantValue, types: TypeManager, test: (width: number, bits: bigint) => boolean): boolean {
  const scalar = scalarBits(value, types);
  if (scalar !== undefined) {
    if (scalar.type.kind === 'float') return false;
    return test(scalar.type.kind === 'bool' ? 1 : scalar.type.width, scalar.bits);
  }
  const parts = partsOf(value, types, 64);
  return parts !== undefined && parts.length > 0 && parts.every((p) => everyScalar(p, types, test));
}
