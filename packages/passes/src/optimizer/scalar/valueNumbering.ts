import { Op, type Instruction } from '@spvkit/core';

/**
 * Instructions whose result depends on nothing but their opcode, result type and operands: two
 * with the same key compute the same value wherever both are reached. Loads, stores, calls,
 * atomics, image operations and derivatives (which read memory, have effects or read neighbouring
 * invocations) are not among them, nor OpPhi (its value depends on the edge taken) nor OpUndef
 * (two undefs need not be equal).
 */
export const NUMBERED: ReadonlySet<number> = new Set([
  Op.CopyObject,
  Op.Select,
  Op.Bitcast,
  Op.AccessChain,
  Op.InBoundsAccessChain,
  Op.VectorExtractDynamic,
  Op.VectorInsertDynamic,
  Op.VectorShuffle,
  Op.CompositeConstruct,
  Op.CompositeExtract,
  Op.CompositeInsert,
  Op.Transpose,
  Op.ConvertFToU,
  Op.ConvertFToS,
  Op.ConvertSToF,
  Op.ConvertUToF,
  Op.UConvert,
  Op.SConvert,
  Op.FConvert,
  Op.QuantizeToF16,
  Op.SNegate,
  Op.FNegate,
  Op.IAdd,
  Op.FAdd,
  Op.ISub,
  Op.FSub,
  Op.IMul,
  Op.FMul,
  Op.UDiv,
  Op.SDiv,
  Op.FDiv,
  Op.UMod,
  Op.SRem,
  Op.SMod,
  Op.FRem,
  Op.FMod,
  Op.VectorTimesScalar,
  Op.MatrixTimesScalar,
  Op.VectorTimesMatrix,
  Op.MatrixTimesVector,
  Op.MatrixTimesMatrix,
  Op.OuterProduct,
  Op.Dot,
  Op.Any,
  Op.All,
  Op.IsNan,
  Op.IsInf,
  Op.IsFinite,
  Op.IsNormal,
  Op.LogicalEqual,
  Op.LogicalNotEqual,
  Op.LogicalOr,
  Op.LogicalAnd,
  Op.LogicalNot,
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
  Op.ShiftRightLogical,
  Op.ShiftRightArithmetic,
  Op.ShiftLeftLogical,
  Op.BitwiseOr,
  Op.BitwiseXor,
  Op.BitwiseAnd,
  Op.Not,
  Op.BitFieldInsert,
  Op.BitFieldSExtract,
  Op.BitFieldUExtract,
  Op.BitReverse,
  Op.BitCount,
  Op.IAddCarry,
  Op.ISubBorrow,
  Op.UMulExtended,
  Op.SMulExtended,
  Op.SignBitSet,
  Op.LessOrGreater,
  Op.Ordered,
  Op.Unordered,
]);

/**
 * Integer and bool operations whose two operands may swap: their key lists the smaller id first.
 * Float operations are left in their order: IEEE addition and multiplication commute, but which
 * NaN payload comes out of two NaNs may depend on the order.
 */
const COMMUTATIVE: ReadonlySet<number> = new Set([
  Op.IAdd,
  Op.IMul,
  Op.BitwiseOr,
  Op.BitwiseXor,
  Op.BitwiseAnd,
  Op.LogicalOr,
  Op.LogicalAnd,
  Op.LogicalEqual,
  Op.LogicalNotEqual,
  Op.IEqual,
  Op.INotEqual,
]);

/**
 * The value key of a pure instruction (`opcode:type:operands`, the operands of a commutative
 * one in id order), or undefined for an instruction whose result is not a function of those
 * alone (see {@link NUMBERED}).
 *
 * @example
 * ```ts
 * valueKey(a) === valueKey(b); // %a = OpIAdd %uint %x %y and %b = OpIAdd %uint %y %x
 * ```
 */
export function valueKey(inst: Instruction): string | undefined {
  const opcode = inst.opcode;
  if (!NUMBERED.has(opcode) || inst.resultId === 0) return undefined;
  const count = inst.operandCount;
  if (COMMUTATIVE.has(opcode) && count === 2) {
    const a = inst.word(0);
    const b = inst.word(1);
    return a <= b ? `${opcode}:${inst.typeId}:${a},${b}` : `${opcode}:${inst.typeId}:${b},${a}`;
  }
  let key = `${opcode}:${inst.typeId}:`;
  for (let i = 0; i < count; i++) key += `${inst.word(i)},`;
  return key;
}
