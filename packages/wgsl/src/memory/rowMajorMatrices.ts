import { Op } from '@spvkit/core';
import type { Instruction } from '@spvkit/core';
import type { Refuser } from '../errors/Refuser.js';
import type { TypeTable } from '../types/TypeTable.js';

/**
 * Loads and stores of buffer memory that holds row-major matrices. WGSL stores a row-major
 * SPIR-V matrix as its transpose (TypeTable.storage), so what a load gives is converted to the
 * SPIR-V value (a matrix transposed back, a struct or array rebuilt with its matrices transposed)
 * and what a store writes is converted the other way. `text` is repeated where a struct or array
 * is rebuilt, so it must be a reference or a named value (what the translator passes: it has no
 * side effects).
 */
export function fromStorage(types: TypeTable, refuser: Refuser, text: string, typeId: number, rowMajor: boolean, inst: Instruction): string {
  return convert(types, refuser, text, typeId, rowMajor, inst, 'load');
}

/** The value `text` of SPIR-V type `typeId` as stored in a buffer (see {@link fromStorage}). */
export function toStorage(types: TypeTable, refuser: Refuser, text: string, typeId: number, rowMajor: boolean, inst: Instruction): string {
  return convert(types, refuser, text, typeId, rowMajor, inst, 'store');
}

/** The longest array rebuilt element by element on a load or store; longer ones are refused. */
const LONGEST_REBUILT_ARRAY = 64;

function convert(types: TypeTable, refuser: Refuser, text: string, typeId: number, rowMajor: boolean, inst: Instruction, way: 'load' | 'store'): string {
  if (!types.differsInStorage(typeId, rowMajor)) return text;
  const t = types.def(typeId);
  switch (t.opcode) {
    case Op.TypeMatrix:
      return `transpose(${text})`;
    case Op.TypeStruct: {
      const members = Array.from({ length: t.operandCount }, (_, i) =>
        convert(types, refuser, `${text}.${types.memberName(typeId, i)}`, t.word(i), types.isRowMajorMember(typeId, i), inst, way),
      );
      return `${way === 'load' ? types.wgsl(typeId) : types.storage(typeId)}(${members.join(', ')})`;
    }
    case Op.TypeArray: {
      const n = types.constLength(t.word(1));
      if (n === undefined || n > LONGEST_REBUILT_ARRAY)
        throw refuser.error(
          `a ${way} of a whole ${n === undefined ? 'spec-constant-sized ' : ''}array holding row-major matrices`,
          inst,
          `WGSL stores them transposed; the translator rebuilds arrays of at most ${LONGEST_REBUILT_ARRAY} elements`,
        );
      const elements = Array.from({ length: n }, (_, i) => convert(types, refuser, `${text}[${i}]`, t.word(0), rowMajor, inst, way));
      return `${way === 'load' ? types.wgsl(typeId) : types.storage(typeId, rowMajor)}(${elements.join(', ')})`;
    }
    default:
      throw refuser.error(`a ${way} of a runtime array holding row-major matrices`, inst);
  }
}
