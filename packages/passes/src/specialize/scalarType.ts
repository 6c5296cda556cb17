import { Op, type TypeManager } from '@spvkit/core';

/** A scalar type a specialization constant can have: an integer, a float or a bool. */
export type ScalarType =
  { readonly kind: 'int'; readonly width: number; readonly signed: boolean } | { readonly kind: 'float'; readonly width: number } | { readonly kind: 'bool' };

/**
 * The scalar type `typeId` declares, or undefined for anything else. A float with an encoding
 * operand (BFloat16, FP8) is not an IEEE binary float, so it is not one of ours either.
 */
export function scalarTypeOf(types: TypeManager, typeId: number): ScalarType | undefined {
  const t = types.def(typeId);
  if (t === undefined) return undefined;
  if (t.opcode === Op.TypeBool) return { kind: 'bool' };
  if (t.opcode === Op.TypeInt && t.word(0) >= 1 && t.word(0) <= 64) return { kind: 'int', width: t.word(0), signed: t.word(1) === 1 };
  if (t.opcode === Op.TypeFloat && t.operandCount === 1 && (t.word(0) === 16 || t.word(0) === 32 || t.word(0) === 64))
    return { kind: 'float', width: t.word(0) };
  return undefined;
}

/** How a type reads in a message: `a 32-bit unsigned integer`, `a 16-bit float`, `a bool`. */
export function describeScalarType(type: ScalarType): string {
  if (type.kind === 'bool') return 'a bool';
  if (type.kind === 'float') return `a ${type.width}-bit float`;
  return `a ${type.width}-bit ${type.signed ? 'signed' : 'unsigned'} integer`;
}

/** `2^width - 1`: the bits of a value of `width` bits. */
export function widthMask(width: number): bigint {
  return (1n << BigInt(width)) - 1n;
}

/**
 * The literal words of a numeric value whose bits are `bits` (the low `width` bits): one word up to
 * 32 bits, two (low word first) above. Below 32 bits the high bits are the sign for a signed
 * integer and zero otherwise, as the specification requires of literals.
 */
export function literalWords(bits: bigint, type: ScalarType): number[] {
  if (type.kind === 'bool') throw new RangeError('a bool has no literal words');
  const width = type.width;
  let v = bits & widthMask(width);
  if (type.kind === 'int' && type.signed && width < 32 && (v >> BigInt(width - 1)) & 1n) v |= 0xffffffffn & ~widthMask(width);
  return width > 32 ? [Number(v & 0xffffffffn), Number(v >> 32n)] : [Number(v)];
}

/** The value bits (the low `width` bits) of a numeric literal's words. */
export function bitsOfLiteral(words: ArrayLike<number>, width: number): bigint {
  let v = BigInt(words[0] ?? 0);
  if (width > 32) v |= BigInt(words[1] ?? 0) << 32n;
  return v & widthMask(width);
}

/** The value of `bits` as a signed integer of `width` bits. */
export function signedValue(bits: bigint, width: number): bigint {
  return BigInt.asIntN(width, bits);
}
