import type { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';
import type { ModuleChange } from '../ir/ModuleChange.js';
import { operandContextOf } from '../ir/moduleOperandContext.js';
import { walkOperands, type OperandContext } from '../ir/operands.js';

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
  /**
   * Every use of `id` (result-type uses included): in binary order when built; uses added by
   * later edits come after the others.
   */
  uses(id: number): readonly Use[];
}

const NO_USES: readonly Use[] = [];

/** The tables behind a DefUse value, which the module's edits keep current. */
class Tables {
  readonly defs = new Map<number, Instruction>();
  readonly uses = new Map<number, Use[]>();
  readonly ctx: OperandContext = operandContextOf((id) => this.defs.get(id));
  /**
   * Use lists handed out by `uses()`: an edit copies such a list before changing it, so a caller
   * looping over the uses it read while editing (replacing each) never sees its own edits.
   */
  private readonly lent = new WeakSet<Use[]>();

  lend(id: number): readonly Use[] {
    const list = this.uses.get(id);
    if (list === undefined) return NO_USES;
    this.lent.add(list);
    return list;
  }

  define(inst: Instruction): void {
    if (inst.resultId !== 0 && !this.defs.has(inst.resultId)) this.defs.set(inst.resultId, inst);
  }

  /** Calls `f` for each id `inst` uses, with the operand index (-1 for the result type). */
  eachUse(inst: Instruction, f: (id: number, operand: number) => void): void {
    if (inst.typeId !== 0) f(inst.typeId, -1);
    walkOperands(inst, this.ctx, (kind, start) => {
      if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics') f(inst.word(start), start);
    });
  }

  addUses(inst: Instruction): void {
    this.eachUse(inst, (id, operand) => {
      let list = this.uses.get(id);
      if (list === undefined) this.uses.set(id, (list = []));
      else if (this.lent.has(list)) this.uses.set(id, (list = [...list]));
      list.push({ instruction: inst, operand });
    });
  }

  /** Forgets the uses `shape` has (the instruction as it was), recorded under `inst`. */
  removeUses(inst: Instruction, shape: Instruction): void {
    this.eachUse(shape, (id) => {
      const list = this.uses.get(id);
      if (list === undefined) return;
      const left = list.filter((u) => u.instruction !== inst);
      if (left.length === 0) this.uses.delete(id);
      else this.uses.set(id, left);
    });
  }

  undefine(inst: Instruction, resultId: number): void {
    if (resultId !== 0 && this.defs.get(resultId) === inst) this.defs.delete(resultId);
  }
}

const tablesOf = new WeakMap<DefUse, Tables>();

/** The definitions and uses behind a value DefUseAnalysis built (for the consistency check). */
export function defUseTables(
  value: DefUse,
): { readonly defs: ReadonlyMap<number, Instruction>; readonly uses: ReadonlyMap<number, readonly Use[]> } | undefined {
  return tablesOf.get(value);
}

function update(value: DefUse, change: ModuleChange): boolean {
  const t = tablesOf.get(value);
  if (t === undefined || change.kind === 'replaced') return false;
  const inst = change.instruction;
  switch (change.kind) {
    case 'added':
      t.define(inst);
      t.addUses(inst);
      return true;
    case 'removed':
      t.removeUses(inst, inst);
      t.undefine(inst, inst.resultId);
      return true;
    case 'operands':
      t.removeUses(inst, change.before);
      t.undefine(inst, change.before.resultId);
      t.define(inst);
      t.addUses(inst);
      return true;
  }
}

/**
 * Def-use chains over the whole module, built on demand, cached on the module, and kept current
 * by the module's edits (an id created by `TypesAnalysis` or `module.insert` is found at once).
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
    const t = new Tables();
    // Definitions first: a literal's width (OpSwitch) depends on a type defined anywhere.
    for (const inst of module.instructions()) t.define(inst);
    for (const inst of module.instructions()) t.addUses(inst);
    const value: DefUse = {
      def: (id) => t.defs.get(id),
      uses: (id) => t.lend(id),
    };
    tablesOf.set(value, t);
    return value;
  },
  update,
};
