import type { EnumTable } from './EnumTable.js';

/**
 * How the assembler reads one operand, following SPIRV-Tools' operand types (`spv_operand_type_t`):
 * what the word must look like, whether it may be left out, and for `*` operands what to expect
 * next. Instances are built once per grammar operand and shared.
 */
export interface OperandType {
  readonly code: number;
  /** May be left out: the instruction ends at the end of the text or at the next instruction. */
  readonly optional: boolean;
  /**
   * The grammar's operand kind (`IdRef`, `MemoryAccess`, ...), for messages. They name an operand
   * by its kind, not by the grammar's operand name (`Pointer`): those names are not in the
   * assembler's specs, so a page that assembles does not carry them (grammar/textSpecs.ts).
   */
  readonly kind: string;
  /** For enumerations and bit masks: the names the operand accepts. */
  readonly enums: EnumTable | undefined;
  /**
   * For `*` operands (spirv-as `spvExpandOperandSequenceOnce`): what is expected after this
   * operand is put back, in push order (the last is read first). One more of the operand, then
   * again, until an optional one is missing.
   */
  readonly expansion: readonly OperandType[] | undefined;
}

/** An `<id>`: `%name` (IdRef, IdScope, IdMemorySemantics). */
export const OPERAND_ID = 0;
/** The result type `<id>`. */
export const OPERAND_TYPE_ID = 1;
/** The result `<id>`, written before the `=`. */
export const OPERAND_RESULT_ID = 2;
/** A 32-bit unsigned integer. */
export const OPERAND_LITERAL_INTEGER = 3;
/** A 32-bit float. */
export const OPERAND_LITERAL_FLOAT = 4;
/** A quoted string. */
export const OPERAND_LITERAL_STRING = 5;
/** A number as wide as a type: OpConstant's result type, OpSwitch's selector. */
export const OPERAND_TYPED_NUMBER = 6;
/** OpExtInst's instruction: a name of the imported set. */
export const OPERAND_EXT_INST = 7;
/** OpSpecConstantOp's opcode: a name without `Op`. */
export const OPERAND_SPEC_CONSTANT_OP = 8;
/** A name of an enumeration, and the operands it brings. */
export const OPERAND_VALUE_ENUM = 9;
/** Names of a bit mask joined with `|`, and the operands their bits bring. */
export const OPERAND_BIT_ENUM = 10;
/** After `!<integer>`: a number, a string or an id, whichever the word is (spirv-as OPTIONAL_CIV). */
export const OPERAND_CIV = 11;
/** A `*` operand: expands into {@link OperandType.expansion}. */
export const OPERAND_VARIABLE = 12;

export function operandType(code: number, optional: boolean, kind: string, enums?: EnumTable, expansion?: readonly OperandType[]): OperandType {
  return Object.freeze({ code, optional, kind, enums, expansion });
}

export const ID = operandType(OPERAND_ID, false, 'IdRef');
export const OPTIONAL_ID = operandType(OPERAND_ID, true, 'IdRef');
export const RESULT_ID = operandType(OPERAND_RESULT_ID, false, 'IdResult');
export const LITERAL_INTEGER = operandType(OPERAND_LITERAL_INTEGER, false, 'LiteralInteger');
export const OPTIONAL_TYPED_LITERAL_INTEGER = operandType(OPERAND_TYPED_NUMBER, true, 'LiteralInteger');
export const CIV = operandType(OPERAND_CIV, true, 'literal, string or id');
export const VARIABLE_ID = operandType(OPERAND_VARIABLE, true, 'IdRef', undefined, [OPTIONAL_ID]);
