import type { ExtInstSetInfo, OperandSpec } from '../../grammar/index.js';
import { enumTable } from './EnumTable.js';
import {
  ID,
  LITERAL_INTEGER,
  OPERAND_BIT_ENUM,
  OPERAND_EXT_INST,
  OPERAND_ID,
  OPERAND_LITERAL_FLOAT,
  OPERAND_LITERAL_INTEGER,
  OPERAND_LITERAL_STRING,
  OPERAND_RESULT_ID,
  OPERAND_SPEC_CONSTANT_OP,
  OPERAND_TYPED_NUMBER,
  OPERAND_TYPE_ID,
  OPERAND_VALUE_ENUM,
  OPERAND_VARIABLE,
  OPTIONAL_ID,
  OPTIONAL_TYPED_LITERAL_INTEGER,
  operandType,
  type OperandType,
} from './OperandType.js';

const cache = new WeakMap<readonly OperandSpec[], readonly OperandType[]>();

/**
 * The operand types for a grammar operand list, in push order: reversed, so that popping from the
 * end reads them first to last (the pattern stack of spirv-as). Cached per list.
 *
 * @param includeResult keep IdResultType and IdResult (an instruction's own list); false for the
 *   tail of OpSpecConstantOp's opcode, whose result was already read.
 */
export function operandTypesOf(specs: readonly OperandSpec[], set: ExtInstSetInfo | undefined, includeResult = true): readonly OperandType[] {
  if (includeResult) {
    const cached = cache.get(specs);
    if (cached !== undefined) return cached;
  }
  const list: OperandType[] = [];
  for (const s of specs) {
    if (!includeResult && (s.kind === 'IdResultType' || s.kind === 'IdResult')) continue;
    appendOperandTypes(list, s, set);
  }
  list.reverse();
  const frozen = Object.freeze(list);
  if (includeResult) cache.set(specs, frozen);
  return frozen;
}

function appendOperandTypes(out: OperandType[], s: OperandSpec, set: ExtInstSetInfo | undefined): void {
  const optional = s.quantifier !== '';
  const variable = s.quantifier === '*';
  const one = (code: number): OperandType => operandType(code, optional, s.kind);
  switch (s.kind) {
    case 'IdResultType':
      out.push(operandType(OPERAND_TYPE_ID, false, s.kind));
      return;
    case 'IdResult':
      out.push(operandType(OPERAND_RESULT_ID, false, s.kind));
      return;
    case 'IdRef':
    case 'IdScope':
    case 'IdMemorySemantics':
      out.push(variable ? variableOf(s, operandType(OPERAND_ID, true, s.kind)) : one(OPERAND_ID));
      return;
    case 'LiteralInteger':
      out.push(variable ? variableOf(s, operandType(OPERAND_LITERAL_INTEGER, true, s.kind)) : one(OPERAND_LITERAL_INTEGER));
      return;
    case 'LiteralFloat':
      out.push(one(OPERAND_LITERAL_FLOAT));
      return;
    case 'LiteralString':
      out.push(variable ? variableOf(s, operandType(OPERAND_LITERAL_STRING, true, s.kind)) : one(OPERAND_LITERAL_STRING));
      return;
    case 'LiteralContextDependentNumber':
      out.push(one(OPERAND_TYPED_NUMBER));
      return;
    case 'LiteralExtInstInteger':
      out.push(one(OPERAND_EXT_INST));
      return;
    case 'LiteralSpecConstantOpInteger':
      out.push(one(OPERAND_SPEC_CONSTANT_OP));
      return;
    // spirv-as reads the pairs as flat lists: an optional first half, then a required second half.
    case 'PairLiteralIntegerIdRef':
      if (variable) out.push(variableOf(s, ID, OPTIONAL_TYPED_LITERAL_INTEGER));
      else out.push(operandType(OPERAND_TYPED_NUMBER, optional, 'LiteralInteger'), ID);
      return;
    case 'PairIdRefLiteralInteger':
      if (variable) out.push(variableOf(s, LITERAL_INTEGER, OPTIONAL_ID));
      else out.push(operandType(OPERAND_ID, optional, 'IdRef'), LITERAL_INTEGER);
      return;
    case 'PairIdRefIdRef':
      // OpPhi's pairs are one list of ids for spirv-as (SPV_OPERAND_TYPE_VARIABLE_ID).
      if (variable) out.push(variableOf(s, OPTIONAL_ID));
      else out.push(operandType(OPERAND_ID, optional, 'IdRef'), ID);
      return;
    default: {
      const enums = enumTable(s.kind, set);
      if (enums === undefined) {
        // A kind the assembler has no rule for: read one 32-bit number, so nothing is lost.
        out.push(one(OPERAND_LITERAL_INTEGER));
        return;
      }
      const code = enums.isMask ? OPERAND_BIT_ENUM : OPERAND_VALUE_ENUM;
      out.push(variable ? variableOf(s, operandType(code, true, s.kind, enums)) : operandType(code, optional, s.kind, enums));
    }
  }
}

/** A `*` operand: after it is put back, `expansion` is pushed (the last is read first). */
function variableOf(s: OperandSpec, ...expansion: OperandType[]): OperandType {
  return operandType(OPERAND_VARIABLE, true, s.kind, undefined, expansion);
}
