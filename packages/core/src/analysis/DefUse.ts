import type { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';
import { moduleOperandContext } from '../ir/moduleOperandContext.js';
import { walkOperands } from '../ir/operands.js';

/** One use of an id: the instruction and the index of the operand word that holds it. */
export interface Use {
  readonly instruction: Instruction;
  /** Operand word index, or -1 when the id is the instruction's result type. */
  readonly operand: number;
}

/** Definitions and uses of every id in a module. */
export interface DefUse {
  /** The instruction that defines `id`, if any. */
  def(id: number): Instruction | undefined;
  /** Every use of `id` (result-type uses included), in binary order. */
  uses(id: number): readonly Use[];
}

const NO_USES: readonly Use[] = [];

/**
 * Def-use chains over the whole module, built on demand and cached on the module.
 *
 * @example
 * ```ts
 * const du = module.analysis(DefUseAnalysis);
 * for (const use of du.uses(variableId)) console.log(use.instruction.opcode);
 * ```
 */
export const DefUseAnalysis: Analysis<DefUse> = {
  name: 'def-use',
  build(module: Module): DefUse {
    const ctx = moduleOperandContext(module);
    const defs = new Map<number, Instruction>();
    const uses = new Map<number, Use[]>();
    const addUse = (id: number, use: Use): void => {
      const list = uses.get(id);
      if (list === undefined) uses.set(id, [use]);
      else list.push(use);
    };
    for (const inst of module.instructions()) {
      if (inst.resultId !== 0) defs.set(inst.resultId, inst);
      if (inst.typeId !== 0) addUse(inst.typeId, { instruction: inst, operand: -1 });
      walkOperands(inst, ctx, (kind, start) => {
        if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics') addUse(inst.word(start), { instruction: inst, operand: start });
      });
    }
    return {
      def: (id) => defs.get(id),
      uses: (id) => uses.get(id) ?? NO_USES,
    };
  },
};
