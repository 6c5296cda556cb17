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

/** One use as the tables hold it: a {@link Use} that an edit may mark gone. */
class UseRecord implements Use {
  gone = false;
  constructor(
    readonly instruction: Instruction,
    readonly operand: number,
    /** The id used, whose list holds this record. */
    readonly id: number,
  ) {}
}

/** The uses of one id: records (some may be gone), how many are gone, whether `uses()` handed the array out. */
interface UseList {
  items: UseRecord[];
  gone: number;
  lent: boolean;
}

/**
 * The tables behind a DefUse value, which the module's edits keep current. Ids index arrays (a
 * module's ids are dense below its bound). Each instruction keeps its own use records, so an edit
 * of it marks those gone and adds new ones without searching any id's list; a list drops its gone
 * records when it is next read, or when they are half of it. Editing many users of one id (a
 * type's, a constant's) thus costs what they use, not a pass over its list per edit.
 */
class Tables {
  readonly defs: (Instruction | undefined)[] = [];
  readonly lists: (UseList | undefined)[] = [];
  /**
   * The records of each instruction's uses, for marking them gone when it changes or goes. A Map,
   * not a WeakMap: every removal comes through {@link removeUses}, which deletes the entry, and a
   * WeakMap of a million instructions is much slower to fill and to collect.
   */
  private readonly records = new Map<Instruction, UseRecord[]>();
  readonly ctx: OperandContext = operandContextOf((id) => this.defs[id]);
  private readonly walker = new IdOperandWalker(this.ctx);
  private scratch = new Uint32Array(64);

  /**
   * The uses of `id`. An edit copies a list handed out before changing it, so a caller looping
   * over the uses it read while editing (replacing each) never sees its own edits.
   */
  lend(id: number): readonly Use[] {
    const list = this.lists[id];
    if (list === undefined) return NO_USES;
    const live = list.gone !== 0 ? this.compact(id, list) : list;
    if (live === undefined) return NO_USES;
    live.lent = true;
    return live.items;
  }

  define(inst: Instruction): void {
    const id = inst.resultId;
    if (id !== 0 && this.defs[id] === undefined) this.defs[id] = inst;
  }

  undefine(inst: Instruction, resultId: number): void {
    if (resultId !== 0 && this.defs[resultId] === inst) this.defs[resultId] = undefined;
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
    let own = this.records.get(inst);
    this.eachUse(inst, (id, operand) => {
      const record = new UseRecord(inst, operand, id);
      let list = this.lists[id];
      if (list === undefined) this.lists[id] = list = { items: [], gone: 0, lent: false };
      else if (list.gone > list.items.length >> 1) list = this.compact(id, list) ?? (this.lists[id] = { items: [], gone: 0, lent: false });
      else if (list.lent) list = this.lists[id] = { items: list.items.slice(), gone: list.gone, lent: false };
      list.items.push(record);
      if (own === undefined) this.records.set(inst, (own = []));
      own.push(record);
    });
  }

  /** Forgets the uses `inst` has had until now. */
  removeUses(inst: Instruction): void {
    const own = this.records.get(inst);
    if (own === undefined) return;
    this.records.delete(inst);
    for (const record of own) {
      record.gone = true;
      // A record not yet gone is in the list of its id (compaction keeps it, a copy copies it).
      const list = this.lists[record.id];
      if (list !== undefined) list.gone++;
    }
  }

  /** The list of `id` without its gone records (a new array: one handed out stays as it was), or undefined when none is left. */
  private compact(id: number, list: UseList): UseList | undefined {
    const items = list.items.filter((u) => !u.gone);
    if (items.length === 0) {
      this.lists[id] = undefined;
      return undefined;
    }
    const fresh: UseList = { items, gone: 0, lent: false };
    this.lists[id] = fresh;
    return fresh;
  }
}

const tablesOf = new WeakMap<DefUse, Tables>();

/** The definitions and uses behind a value DefUseAnalysis built (for the consistency check). */
export function defUseTables(
  value: DefUse,
): { readonly defs: ReadonlyMap<number, Instruction>; readonly uses: ReadonlyMap<number, readonly Use[]> } | undefined {
  const t = tablesOf.get(value);
  if (t === undefined) return undefined;
  const defs = new Map<number, Instruction>();
  t.defs.forEach((inst, id) => {
    if (inst !== undefined) defs.set(id, inst);
  });
  const uses = new Map<number, readonly Use[]>();
  t.lists.forEach((list, id) => {
    const live = list?.items.filter((u) => !u.gone) ?? [];
    if (live.length > 0) uses.set(id, live);
  });
  return { defs, uses };
}

/**
 * Whether two values DefUseAnalysis built hold the same definitions and the same uses (each id's
 * uses as a multiset: a cached list has edits' uses after the others, a fresh one binary order).
 * The consistency check's fast path: it compares records, not the text of a snapshot, and leaves
 * the text to the case where they differ. Undefined when either value is not DefUseAnalysis's.
 */
export function sameDefUse(a: DefUse, b: DefUse): boolean | undefined {
  const ta = tablesOf.get(a);
  const tb = tablesOf.get(b);
  if (ta === undefined || tb === undefined) return undefined;
  const ids = Math.max(ta.defs.length, tb.defs.length, ta.lists.length, tb.lists.length);
  for (let id = 0; id < ids; id++) {
    if (ta.defs[id] !== tb.defs[id]) return false;
    if (!sameUses(ta.lists[id], tb.lists[id])) return false;
  }
  return true;
}

function sameUses(a: UseList | undefined, b: UseList | undefined): boolean {
  const x = a?.items ?? [];
  const y = b?.items ?? [];
  // Most lists agree record for record once gone ones are skipped.
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < x.length && x[i].gone) i++;
    while (j < y.length && y[j].gone) j++;
    if (i === x.length || j === y.length) return i === x.length && j === y.length;
    if (x[i].instruction !== y[j].instruction || x[i].operand !== y[j].operand) break;
    i++;
    j++;
  }
  // The rest as multisets: each instruction's operand indexes on one side, taken away by the other.
  const left = new Map<Instruction, number[]>();
  for (; i < x.length; i++) {
    if (x[i].gone) continue;
    const list = left.get(x[i].instruction);
    if (list === undefined) left.set(x[i].instruction, [x[i].operand]);
    else list.push(x[i].operand);
  }
  for (; j < y.length; j++) {
    if (y[j].gone) continue;
    const list = left.get(y[j].instruction);
    const k = list?.indexOf(y[j].operand) ?? -1;
    if (list === undefined || k < 0) return false;
    list[k] = list[list.length - 1];
    list.pop();
  }
  for (const list of left.values()) if (list.length > 0) return false;
  return true;
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
      t.removeUses(inst);
      t.undefine(inst, inst.resultId);
      return true;
    case 'operands':
      t.removeUses(inst);
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
