import { Op, type TypeManager } from '@spvkit/core';
import { nullOf, partsOf, valueOfConstant, type ConstantValue, type ConstantValues } from '../../specialize/constantValue.js';
import { FIXED_CONSTANTS } from '../../specialize/constantOpcodes.js';
import { literalWords } from '../../specialize/scalarType.js';

/**
 * The values of the module's fixed constants (OpConstant, OpConstantTrue/False, OpConstantNull,
 * OpConstantComposite over such), by id, read once from the globals. Spec constants and OpUndef
 * have none: what they hold is not known here.
 */
export function fixedConstantValues(
  types: TypeManager,
  globals: Iterable<{ opcode: number; typeId: number; resultId: number; operands: ArrayLike<number> }>,
): ConstantValues {
  const values: ConstantValues = new Map();
  for (const inst of globals) {
    if (!FIXED_CONSTANTS.has(inst.opcode)) continue;
    const value = valueOfConstant(types, values, inst.opcode, inst.typeId, inst.operands);
    if (value !== undefined) values.set(inst.resultId, value);
  }
  return values;
}

/**
 * The id of a constant of type `typeId` holding `value`: an equal one the module has, or one
 * declared at the end of the globals (after every type it needs). Bools become
 * OpConstantTrue/False, a null scalar its zero and a null vector a composite of zeros, as
 * spirv-opt writes them; other nulls stay OpConstantNull. Undefined when a part has no type.
 *
 * @example
 * ```ts
 * const id = declareConstant(types, values, { kind: 'null', typeId: uint }, uint); // %uint_0
 * ```
 */
export function declareConstant(types: TypeManager, values: ConstantValues, value: ConstantValue, typeId: number): number | undefined {
  if (typeId === 0) return undefined;
  let id: number | undefined;
  let declared: ConstantValue = value;
  switch (value.kind) {
    case 'scalar':
      if (value.type.kind === 'bool') id = types.constant(value.bits !== 0n ? Op.ConstantTrue : Op.ConstantFalse, typeId, []);
      else id = types.constant(Op.Constant, typeId, literalWords(value.bits, value.type));
      declared = { ...value, typeId };
      break;
    case 'null': {
      const scalar = nullOf(types, typeId);
      if (scalar.kind === 'scalar') return declareConstant(types, values, scalar, typeId);
      const type = types.def(typeId);
      if (type?.opcode === Op.TypeVector) {
        const parts = partsOf({ kind: 'null', typeId }, types);
        if (parts !== undefined) return declareConstant(types, values, { kind: 'composite', typeId, parts }, typeId);
      }
      id = types.constant(Op.ConstantNull, typeId, []);
      declared = { kind: 'null', typeId };
      break;
    }
    case 'composite': {
      const ids: number[] = [];
      for (const part of value.parts) {
        const partId = declareConstant(types, values, part, part.typeId);
        if (partId === undefined) return undefined;
        ids.push(partId);
      }
      id = types.constant(Op.ConstantComposite, typeId, ids);
      declared = { ...value, typeId };
      break;
    }
  }
  if (!values.has(id)) values.set(id, declared);
  return id;
}
