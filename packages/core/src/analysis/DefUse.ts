import type { Instruction } from '../ir/Instruction.js';
import type { Analysis, Module } from '../ir/Module.js';
import type { ModuleChange } from '../ir/ModuleChange.js';
import { operandContextOf } from '../ir/moduleOperandContext.js';
import type { OperandContext } from '../ir/operands.js';
import { SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../grammar/shapes.js';
import { IdOperandWalker } from '../words/IdOperandWalker.js';

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

/** The uses of one id, and whether `uses()` has handed the array out. */
interface UseList {
  items: Use[];
  lent: boolean;
}

/**
 * The tables behind a DefUse value, which the module's edits keep current. Ids index arrays (a
 * module's ids are dense below its bound). A removed instruction's uses are forgotten lazily: each
 * id it used notes it as pending, and the id's list is filtered once, when it is next read or
 * added to, so removing many users of one id (a type's, a constant's) costs one pass over its
 * list, not one per removal.
 */
class Tables {
  readonly defs: (Instruction | undefined)[] = [];
  readonly lists: (UseList | undefined)[] = [];
  /** Per id: instructions whose uses of it are gone, not yet filtered out of its list. */
  private readonly pending = new Map<number, Set<Instruction>>();
  readonly ctx: OperandContext = operandContextOf((id) => this.defs[id]);
  private readonly walker = new IdOperandWalker(this.ctx);
  private scratch = new Uint32Array(64);

  /**
   * The list of `id`. An edit copies a list handed out before changing it, so a caller looping
   * over the uses it read while editing (replacing each) never sees its own edits.
   */
  lend(id: number): readonly Use[] {
    if (this.pending.size !== 0) this.settle(id);
    const list = this.lists[id];
    if (list === undefined) return NO_USES;
    list.lent = true;
    return list.items;
  }

  define(inst: Instruction): void {
    const id = inst.resultId;
    if (id !== 0 && this.defs[id] === undefined) this.defs[id] = inst;
  }

  /**
   * Calls `f` for each id `inst` uses, with the operand index (-1 for the result type): the ids
   * core's operand walker reports as IdRef, IdScope and IdMemorySemantics, found by the operand
   * layouts in the instruction laid out as in a binary.
   */
  eachUse(inst: Instruction, f: (id: number, operand: number) => void): void {
    if (inst.typeId !== 0) f(inst.typeId, -1);
    const shape = instructionShape[inst.opcode] ?? 0;
    const typeAt = (shape & SHAPE_TYPE) !== 0 ? 1 : 0;
    const resultAt = (shape & SHAPE_RESULT) !== 0 ? typeAt + 1 : 0;
    const head = 1 + typeAt + (resultAt !== 0 ? 1 : 0);
    const n = head + inst.operandCount;
    if (this.scratch.length < n) this.scratch = new Uint32Array(n * 2);
    const words = this.scratch;
    words[0] = ((n << 16) | inst.opcode) >>> 0;
    if (typeAt !== 0) words[typeAt] = inst.typeId;
    if (resultAt !== 0) words[resultAt] = inst.resultId;
    for (let i = 0; i < inst.operandCount; i++) words[head + i] = inst.word(i);
    const count = this.walker.collectOperands(words, 0, n);
    const found = this.walker.found;
    for (let k = 0; k < count; k++) f(words[found[k]], found[k] - head);
  }

  addUses(inst: Instruction): void {
    this.eachUse(inst, (id, operand) => {
      if (this.pending.size !== 0) this.settle(id);
      let list = this.lists[id];
      if (list === undefined) this.lists[id] = list = { items: [], lent: false };
      else if (list.lent) list = this.own(id, list.items.slice());
      list.items.push({ instruction: inst, operand });
    });
  }

  /** Forgets the uses `shape` has (the instruction as it was), recorded under `inst`. */
  removeUses(inst: Instruction, shape: Instruction): void {
    this.eachUse(shape, (id) => {
      if (this.lists[id] === undefined) return;
      let gone = this.pending.get(id);
      if (gone === undefined) this.pending.set(id, (gone = new Set()));
      gone.add(inst);
    });
  }

  undefine(inst: Instruction, resultId: number): void {
    if (resultId !== 0 && this.defs[resultId] === inst) this.defs[resultId] = undefined;
  }

  /** Filters the pending removals out of the list of `id`, into a new array (a lent one stays as it was). */
  settle(id: number): void {
    const gone = this.pending.get(id);
    if (gone === undefined) return;
    this.pending.delete(id);
    const list = this.lists[id];
    if (list === undefined) return;
    const left = list.items.filter((u) => !gone.has(u.instruction));
    if (left.length === 0) this.lists[id] = undefined;
    else this.own(id, left);
  }

  settleAll(): void {
    for (const id of [...this.pending.keys()]) this.settle(id);
  }

  private own(id: number, items: Use[]): UseList {
    const list: UseList = { items, lent: false };
    this.lists[id] = list;
    return list;
  }
}

const tablesOf = new WeakMap<DefUse, Tables>();

/** The definitions and uses behind a value DefUseAnalysis built (for the consistency check). */
export function defUseTables(
  value: DefUse,
): { readonly defs: ReadonlyMap<number, Instruction>; readonly uses: ReadonlyMap<number, readonly Use[]> } | undefined {
  const t = tablesOf.get(value);
  if (t === undefined) return undefined;
  t.settleAll();
  const defs = new Map<number, Instruction>();
  t.defs.forEach((inst, id) => {
    if (inst !== undefined) defs.set(id, inst);
  });
  const uses = new Map<number, readonly Use[]>();
  t.lists.forEach((list, id) => {
    if (list !== undefined) uses.set(id, list.items);
  });
  return { defs, uses };
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
      def: (id) => t.defs[id],
      uses: (id) => t.lend(id),
    };
    tablesOf.set(value, t);
    return value;
  },
  update,
};
