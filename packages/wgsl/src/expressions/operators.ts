import { Op } from '@spvkit/core';
import type { Instruction } from '@spvkit/core';
import { asSigned, asU32, refuse, toResult } from './ExprContext.js';
import type { ExprContext } from './ExprContext.js';

/**
 * The WGSL expression of a pure SPIR-V instruction (arithmetic, bitwise, relational, logical,
 * conversion, composite), from its opcode and operand ids: shared by function bodies and
 * OpSpecConstantOp. Returns undefined for opcodes that are not pure operators.
 */
export function operatorExpression(ctx: ExprContext, inst: Instruction, opcode: number, typeId: number, ops: readonly number[]): string | undefined {
  const t = ctx.types;
  const v = (i: number): string => ctx.value(ops[i]);
  const resultSigned = t.isInt(typeId) && t.isSigned(typeId);
  // Integer binary operators whose operands take the result's signedness (wrapping is the same).
  const sameAsResult = (op: string): string => `(${asSigned(ctx, ops[0], resultSigned)} ${op} ${asSigned(ctx, ops[1], resultSigned)})`;
  const signedBinary = (op: string, signed: boolean): string =>
    toResult(ctx, `(${asSigned(ctx, ops[0], signed)} ${op} ${asSigned(ctx, ops[1], signed)})`, signed, typeId);
  const compare = (op: string, signed: boolean): string => `(${asSigned(ctx, ops[0], signed)} ${op} ${asSigned(ctx, ops[1], signed)})`;
  const firstSigned = (): boolean => t.isSigned(t.def(ops[0]).typeId);
  switch (opcode) {
    case Op.IAdd:
      return sameAsResult('+');
    case Op.ISub:
      return sameAsResult('-');
    case Op.IMul:
      return sameAsResult('*');
    case Op.SDiv:
      return signedBinary('/', true);
    case Op.UDiv:
      return signedBinary('/', false);
    case Op.SRem:
      // WGSL's % on integers truncates, as SRem does (the sign of the dividend).
      return signedBinary('%', true);
    case Op.UMod:
      return signedBinary('%', false);
    case Op.SMod: {
      // The sign of the divisor: WGSL has no such operator, so correct the truncated remainder.
      const a = asSigned(ctx, ops[0], true);
      const b = asSigned(ctx, ops[1], true);
      const r = `(${a} % ${b})`;
      return toResult(
        ctx,
        `select(${r}, ${r} + ${b}, (${r} != ${zero(ctx, ops[1], 'i32')}) & ((${r} < ${zero(ctx, ops[1], 'i32')}) != (${b} < ${zero(ctx, ops[1], 'i32')})))`,
        true,
        typeId,
      );
    }
    case Op.SNegate:
      return toResult(ctx, `(-${asSigned(ctx, ops[0], true)})`, true, typeId);
    case Op.FAdd:
      return `(${v(0)} + ${v(1)})`;
    case Op.FSub:
      return `(${v(0)} - ${v(1)})`;
    case Op.FMul:
    case Op.VectorTimesScalar:
    case Op.MatrixTimesScalar:
    case Op.VectorTimesMatrix:
    case Op.MatrixTimesVector:
    case Op.MatrixTimesMatrix:
      return `(${v(0)} * ${v(1)})`;
    case Op.FDiv:
      return `(${v(0)} / ${v(1)})`;
    case Op.FRem:
      // WGSL's % on floats is x - y * trunc(x / y), FRem's definition.
      return `(${v(0)} % ${v(1)})`;
    case Op.FMod:
      return `(${v(0)} - ${v(1)} * floor(${v(0)} / ${v(1)}))`;
    case Op.FNegate:
      return `(-${v(0)})`;
    case Op.Dot:
      return `dot(${v(0)}, ${v(1)})`;
    case Op.Transpose:
      return `transpose(${v(0)})`;
    case Op.OuterProduct: {
      const cols = t.width(t.def(ops[1]).typeId);
      return `${t.wgsl(typeId)}(${Array.from({ length: cols }, (_, i) => `${v(0)} * ${v(1)}[${i}]`).join(', ')})`;
    }
    case Op.BitwiseAnd:
      return sameAsResult('&');
    case Op.BitwiseOr:
      return sameAsResult('|');
    case Op.BitwiseXor:
      return sameAsResult('^');
    case Op.Not:
      return `(~${asSigned(ctx, ops[0], resultSigned)})`;
    case Op.ShiftLeftLogical:
      return `(${asSigned(ctx, ops[0], resultSigned)} << ${asU32(ctx, ops[1])})`;
    case Op.ShiftRightLogical:
      return toResult(ctx, `(${asSigned(ctx, ops[0], false)} >> ${asU32(ctx, ops[1])})`, false, typeId);
    case Op.ShiftRightArithmetic:
      return toResult(ctx, `(${asSigned(ctx, ops[0], true)} >> ${asU32(ctx, ops[1])})`, true, typeId);
    case Op.BitCount:
      return toResult(ctx, `countOneBits(${v(0)})`, firstSigned(), typeId);
    case Op.BitReverse:
      return toResult(ctx, `reverseBits(${v(0)})`, firstSigned(), typeId);
    case Op.BitFieldInsert:
      return toResult(ctx, `insertBits(${v(0)}, ${asSigned(ctx, ops[1], firstSigned())}, ${asU32(ctx, ops[2])}, ${asU32(ctx, ops[3])})`, firstSigned(), typeId);
    case Op.BitFieldSExtract:
      return toResult(ctx, `extractBits(${asSigned(ctx, ops[0], true)}, ${asU32(ctx, ops[1])}, ${asU32(ctx, ops[2])})`, true, typeId);
    case Op.BitFieldUExtract:
      return toResult(ctx, `extractBits(${asSigned(ctx, ops[0], false)}, ${asU32(ctx, ops[1])}, ${asU32(ctx, ops[2])})`, false, typeId);
    case Op.IEqual:
      return compare('==', firstSigned());
    case Op.INotEqual:
      return compare('!=', firstSigned());
    case Op.SGreaterThan:
      return compare('>', true);
    case Op.SGreaterThanEqual:
      return compare('>=', true);
    case Op.SLessThan:
      return compare('<', true);
    case Op.SLessThanEqual:
      return compare('<=', true);
    case Op.UGreaterThan:
      return compare('>', false);
    case Op.UGreaterThanEqual:
      return compare('>=', false);
    case Op.ULessThan:
      return compare('<', false);
    case Op.ULessThanEqual:
      return compare('<=', false);
    // Ordered and unordered comparisons differ only for NaN, which WGSL does not promise to keep.
    case Op.FOrdEqual:
    case Op.FUnordEqual:
      return `(${v(0)} == ${v(1)})`;
    case Op.FOrdNotEqual:
    case Op.FUnordNotEqual:
      return `(${v(0)} != ${v(1)})`;
    case Op.FOrdLessThan:
    case Op.FUnordLessThan:
      return `(${v(0)} < ${v(1)})`;
    case Op.FOrdGreaterThan:
    case Op.FUnordGreaterThan:
      return `(${v(0)} > ${v(1)})`;
    case Op.FOrdLessThanEqual:
    case Op.FUnordLessThanEqual:
      return `(${v(0)} <= ${v(1)})`;
    case Op.FOrdGreaterThanEqual:
    case Op.FUnordGreaterThanEqual:
      return `(${v(0)} >= ${v(1)})`;
    case Op.LogicalEqual:
      return `(${v(0)} == ${v(1)})`;
    case Op.LogicalNotEqual:
      return `(${v(0)} != ${v(1)})`;
    // & and | rather than && and ||: they work on bool vectors too, and SPIR-V evaluates both sides.
    case Op.LogicalAnd:
      return `(${v(0)} & ${v(1)})`;
    case Op.LogicalOr:
      return `(${v(0)} | ${v(1)})`;
    case Op.LogicalNot:
      return `(!${v(0)})`;
    case Op.Any:
      return `any(${v(0)})`;
    case Op.All:
      return `all(${v(0)})`;
    case Op.IsNan:
    case Op.IsInf: {
      // WGSL has neither, and may assume floats are finite: look at the bits.
      const n = t.width(typeId);
      const u = n === 1 ? 'u32' : `vec${n}<u32>`;
      const bits = `(bitcast<${u}>(${v(0)}) & ${u}(0x7fffffffu))`;
      return opcode === Op.IsNan ? `(${bits} > ${u}(0x7f800000u))` : `(${bits} == ${u}(0x7f800000u))`;
    }
    case Op.Select: {
      const objType = t.def(typeId);
      if (objType.opcode !== Op.TypeVector && objType.opcode !== Op.TypeInt && objType.opcode !== Op.TypeFloat && objType.opcode !== Op.TypeBool) {
        refuse(ctx, 'OpSelect of a composite that is not a vector', inst, 'WGSL select takes scalars and vectors');
      }
      return `select(${v(2)}, ${v(1)}, ${v(0)})`;
    }
    case Op.ConvertFToU:
    case Op.ConvertFToS:
      return `${t.wgsl(typeId)}(${v(0)})`;
    case Op.ConvertSToF:
      return `${t.wgsl(typeId)}(${asSigned(ctx, ops[0], true)})`;
    case Op.ConvertUToF:
      return `${t.wgsl(typeId)}(${asSigned(ctx, ops[0], false)})`;
    case Op.SConvert:
    case Op.UConvert:
      // Only 32-bit integers exist here, so these change the signedness alone: keep the bits.
      return toResult(ctx, v(0), firstSigned(), typeId);
    case Op.FConvert:
    case Op.CopyObject:
      return v(0);
    case Op.Bitcast: {
      const from = t.def(t.def(ops[0]).typeId);
      if (from.opcode === Op.TypePointer || t.def(typeId).opcode === Op.TypePointer) refuse(ctx, 'a bitcast of a pointer', inst);
      return `bitcast<${t.wgsl(typeId)}>(${v(0)})`;
    }
    case Op.CompositeConstruct:
      return `${t.wgsl(typeId)}(${ops.map((_, i) => v(i)).join(', ')})`;
    case Op.CompositeExtract:
      return extractPath(ctx, v(0), t.def(ops[0]).typeId, ops.slice(1));
    case Op.VectorExtractDynamic:
      return `${v(0)}[${v(1)}]`;
    case Op.VectorShuffle: {
      const n1 = t.width(t.def(ops[0]).typeId);
      const comps = ops.slice(2).map((c) => (c === 0xffffffff ? `${v(0)}[0]` : c < n1 ? `${v(0)}[${c}]` : `${v(1)}[${c - n1}]`));
      return `${t.wgsl(typeId)}(${comps.join(', ')})`;
    }
    default:
      return undefined;
  }
}

/** `base` followed by the member / index selectors of a CompositeExtract (literal indices). */
export function extractPath(ctx: ExprContext, base: string, typeId: number, indices: readonly number[]): string {
  let text = base;
  let type = ctx.types.def(typeId);
  for (const i of indices) {
    if (type.opcode === Op.TypeStruct) {
      text = `${text}.${ctx.types.memberName(type.resultId, i)}`;
      type = ctx.types.def(type.word(i));
    } else {
      text = `${text}[${i}]`;
      type = ctx.types.def(type.word(0));
    }
  }
  return text;
}

/** A zero of `id`'s shape with scalar type `scalar`. */
function zero(ctx: ExprContext, id: number, scalar: string): string {
  const n = ctx.types.width(ctx.types.def(id).typeId);
  return n === 1 ? `0${scalar === 'i32' ? 'i' : 'u'}` : `vec${n}<${scalar}>()`;
}
