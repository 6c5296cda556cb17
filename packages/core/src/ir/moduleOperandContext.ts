import { Op, extInstSetByName, type ExtInstSetInfo } from '../grammar/index.js';
import { decodeLiteralString } from '../words/literalString.js';
import type { Instruction } from './Instruction.js';
import type { Module } from './Module.js';
import type { OperandContext } from './operands.js';
import { OperandTables } from './OperandTables.js';
import { moduleWordEstimate } from './idTables.js';

/**
 * The {@link OperandContext} of a module whose definitions `def` looks up: literal widths from
 * OpTypeInt / OpTypeFloat, result types from the defining instruction, extended instruction sets
 * from OpExtInstImport. Every analysis that walks operands (def-use included, which keeps its
 * own definitions current under edits) reads operands through this one.
 *
 * @example
 * ```ts
 * const defs = new Map<number, Instruction>();
 * const ctx = operandContextOf((id) => defs.get(id));
 * ```
 */
export function operandContextOf(def: (id: number) => Instruction | undefined): OperandContext {
  const sets = new Map<Instruction, ExtInstSetInfo | undefined>();
  return {
    typeWidth(id) {
      const d = def(id);
      return d !== undefined && (d.opcode === Op.TypeInt || d.opcode === Op.TypeFloat) ? d.word(0) : 0;
    },
    typeOf: (id) => def(id)?.typeId ?? 0,
    extInstSet(id) {
      const d = def(id);
      if (d === undefined || d.opcode !== Op.ExtInstImport) return undefined;
      if (!sets.has(d)) sets.set(d, extInstSetByName(decodeLiteralString(d.operands, 0, d.operandCount).value));
      return sets.get(d);
    },
  };
}

/**
 * An {@link OperandContext} over a whole module, built in one pass over its instructions (see
 * {@link operandContextOf} for one that follows edits).
 *
 * @example
 * ```ts
 * const ctx = moduleOperandContext(module);
 * parseOperands(inst, ctx);
 * ```
 */
export function moduleOperandContext(module: Module): OperandContext {
  const tables = new OperandTables(module.header.bound, moduleWordEstimate(module));
  for (const inst of module.instructions()) tables.note(inst);
  return tables;
}
