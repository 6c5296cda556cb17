import { Decoration, Op } from '../../grammar/index.js';
import type { Module } from '../../ir/Module.js';
import { DecorationsAnalysis } from '../Decorations.js';
import { TypesAnalysis } from '../TypeManager.js';

/**
 * Size in bytes of a type as laid out in a buffer, using the module's explicit layout decorations
 * (Offset, ArrayStride, MatrixStride). Undefined for types with no fixed size (runtime arrays,
 * opaque types) or arrays whose length is a specialization constant.
 */
export function byteSizeOf(module: Module, typeId: number, matrixStride?: number, depth = 0): number | undefined {
  if (depth > 64) return undefined;
  const types = module.analysis(TypesAnalysis);
  const decorations = module.analysis(DecorationsAnalysis);
  const t = types.def(typeId);
  if (t === undefined) return undefined;
  switch (t.opcode) {
    case Op.TypeBool:
      return 4;
    case Op.TypeInt:
    case Op.TypeFloat:
      return t.word(0) / 8;
    case Op.TypeVector: {
      const c = byteSizeOf(module, t.word(0), undefined, depth + 1);
      return c === undefined ? undefined : c * t.word(1);
    }
    case Op.TypeMatrix: {
      // MatrixStride decorates the struct member holding the matrix, so the caller passes it down.
      const column = byteSizeOf(module, t.word(0), undefined, depth + 1);
      if (column === undefined) return undefined;
      return (matrixStride ?? column) * t.word(1);
    }
    case Op.TypeArray: {
      const length = types.constantValue(t.word(1));
      const stride = decorations.find(typeId, Decoration.ArrayStride)?.[0];
      const element = byteSizeOf(module, t.word(0), matrixStride, depth + 1);
      if (length === undefined || element === undefined) return undefined;
      return (stride ?? element) * length;
    }
    case Op.TypeStruct: {
      let end = 0;
      for (let m = 0; m < t.operandCount; m++) {
        const member = decorations.ofMember(typeId, m);
        const offset = member.find((d) => d.decoration === Decoration.Offset)?.params[0];
        const stride = member.find((d) => d.decoration === Decoration.MatrixStride)?.params[0];
        const size = byteSizeOf(module, t.word(m), stride, depth + 1);
        if (size === undefined) return undefined;
        end = Math.max(end, (offset ?? end) + size);
      }
      return end;
    }
    default:
      return undefined;
  }
}
