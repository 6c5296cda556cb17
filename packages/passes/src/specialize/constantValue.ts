import { Op, type TypeManager } from '@spvkit/core';
import { bitsOfLiteral, scalarTypeOf, type ScalarType } from './scalarType.js';

/**
 * The value of a fixed constant, as folding computes with it: a scalar's bits, a composite's
 * parts, or the null of a type (kept whole, so a null array of a million elements stays small).
 */
export type ConstantValue =
  | { readonly kind: 'scalar'; readonly typeId: number; readonly type: ScalarType; readonly bits: bigint }
  | { readonly kind: 'composite'; readonly typeId: number; readonly parts: readonly ConstantValue[] }
  | { readonly kind: 'null'; readonly typeId: number };

/** The value of every fixed constant seen so far, by id; folding adds what it computes. */
export type ConstantValues = Map<number, ConstantValue>;

/**
 * The value of the fixed constant `inst` defines (OpConstant, OpConstantTrue/False,
 * OpConstantComposite over known values, OpConstantNull), or undefined when it is not one folding
 * can compute with (a float type it does not know, a sampler, a composite over an OpUndef).
 */
export function valueOfConstant(
  types: TypeManager,
  values: ConstantValues,
  opcode: number,
  typeId: number,
  operands: ArrayLike<number>,
): ConstantValue | undefined {
  switch (opcode) {
    case Op.ConstantTrue:
    case Op.ConstantFalse:
    case Op.Constant: {
      const type = scalarTypeOf(types, typeId);
      if (type === undefined) return undefined;
      if (type.kind === 'bool') return opcode === Op.Constant ? undefined : { kind: 'scalar', typeId, type, bits: opcode === Op.ConstantTrue ? 1n : 0n };
      return opcode === Op.Constant ? { kind: 'scalar', typeId, type, bits: bitsOfLiteral(operands, type.width) } : undefined;
    }
    case Op.ConstantNull:
      return { kind: 'null', typeId };
    case Op.ConstantComposite: {
      const parts: ConstantValue[] = [];
      for (let i = 0; i < operands.length; i++) {
        const part = values.get(operands[i]);
        if (part === undefined) return undefined;
        parts.push(part);
      }
      return { kind: 'composite', typeId, parts };
    }
    default:
      return undefined;
  }
}

/** A value's scalar bits: its own, or zero for a null scalar. Undefined for a composite. */
export function scalarBits(value: ConstantValue, types: TypeManager): { type: ScalarType; bits: bigint } | undefined {
  if (value.kind === 'scalar') return { type: value.type, bits: value.bits };
  if (value.kind === 'composite') return undefined;
  const type = scalarTypeOf(types, value.typeId);
  return type === undefined ? undefined : { type, bits: 0n };
}

/**
 * The parts of a composite value, a null composite's included (each the null of its member type).
 * Undefined for a scalar, a type it cannot take apart, or a null too large to expand (`limit`).
 */
export function partsOf(value: ConstantValue, types: TypeManager, limit = 4096): readonly ConstantValue[] | undefined {
  if (value.kind === 'composite') return value.parts;
  if (value.kind === 'scalar') return undefined;
  const members = memberTypes(types, value.typeId, limit);
  return members?.map((typeId) => nullOf(types, typeId));
}

/** The null value of `typeId`: a scalar zero where it is a scalar, else a null composite. */
export function nullOf(types: TypeManager, typeId: number): ConstantValue {
  const type = scalarTypeOf(types, typeId);
  return type === undefined ? { kind: 'null', typeId } : { kind: 'scalar', typeId, type, bits: 0n };
}

/** The member type ids of a vector, matrix, array (of a constant length) or struct type. */
export function memberTypes(types: TypeManager, typeId: number, limit = 4096): number[] | undefined {
  const t = types.def(typeId);
  if (t === undefined) return undefined;
  switch (t.opcode) {
    case Op.TypeVector:
    case Op.TypeMatrix:
      return t.word(1) <= limit ? new Array<number>(t.word(1)).fill(t.word(0)) : undefined;
    case Op.TypeArray: {
      const length = types.def(t.word(1));
      if (length?.opcode !== Op.Constant || length.operandCount > 2 || (length.operandCount === 2 && length.word(1) !== 0)) return undefined;
      return length.word(0) <= limit ? new Array<number>(length.word(0)).fill(t.word(0)) : undefined;
    }
    case Op.TypeStruct:
      return Array.from(t.operands);
    default:
      return undefined;
  }
}
