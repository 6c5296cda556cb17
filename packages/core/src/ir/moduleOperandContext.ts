import { Op, extInstSetByName, type ExtInstSetInfo } from '../grammar/index.js';
import { decodeLiteralString } from '../binary/literalString.js';
import type { Module } from './Module.js';
import type { OperandContext } from './operands.js';
import { createIdValues } from './idTables.js';

/**
 * An {@link OperandContext} over a whole module: widths of its int and float types, the result
 * type of every id, and its imported ext-inst sets. Built in one pass over the module.
 *
 * @example
 * ```ts
 * const ctx = moduleOperandContext(module);
 * parseOperands(inst, ctx);
 * ```
 */
export function moduleOperandContext(module: Module): OperandContext {
  const widths = new Map<number, number>();
  const sets = new Map<number, ExtInstSetInfo | undefined>();
  let instructionCount = 0;
  for (const _ of module.instructions()) instructionCount++;
  const types = createIdValues(module.header.bound, instructionCount * 4);
  for (const inst of module.extInstImports) {
    sets.set(inst.resultId, extInstSetByName(decodeLiteralString(inst.operands, 0, inst.operandCount).value));
  }
  for (const inst of module.instructions()) {
    if (inst.opcode === Op.TypeInt || inst.opcode === Op.TypeFloat) widths.set(inst.resultId, inst.word(0));
    else if (inst.typeId !== 0) types.set(inst.resultId, inst.typeId);
  }
  return {
    typeWidth: (id) => widths.get(id) ?? 0,
    typeOf: (id) => types.get(id),
    extInstSet: (id) => sets.get(id),
  };
}
