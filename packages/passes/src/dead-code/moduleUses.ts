// How many real uses each id has: what decides that a constant, variable or type is dead. As
// spirv-opt counts them, names and decorations of an id are not uses of it (they go with it), while
// entry-point interfaces, execution modes, other globals, function bodies and non-semantic
// instructions (debug info) are.
import { Decoration, Op, SHAPE_RESULT, SHAPE_TYPE, instructionShape, isAnnotation, type Instruction, type Module, type WordEdits } from '@spvkit/core';
import { idPositions } from '../words/idPositions.js';
import { IdCounts } from '../words/IdCounts.js';
import { IdOperands } from '../words/idOperands.js';
import { bodyWordFact, type BodyWordFact } from '../words/BodyWordFacts.js';
import type { FunctionSpan } from '../words/bodyWords.js';

/** The uses of ids in the edited bodies (a fact kept between passes): see {@link bodyUses}. */
export const BODY_USES: BodyWordFact<IdCounts> = {
  name: 'body uses',
  find: (module, edits) => countUses(module, new IdOperands(module, edits.words.length), edits),
  same(a, b, module) {
    for (let id = 0; id <= module.header.bound; id++) if (a.get(id) !== b.get(id)) return false;
    return true;
  },
};

/**
 * The uses of ids in the edited bodies, except in the functions of `skip` (from their OpFunction
 * on: what precedes it stays in the module). Without `skip`, found once and kept in the module's cache.
 */
export function bodyUses(module: Module, ids: IdOperands, edits: WordEdits, skip?: { spans: readonly FunctionSpan[]; dead: ReadonlySet<number> }): IdCounts {
  return skip === undefined ? bodyWordFact(BODY_USES, module, edits, () => countUses(module, ids, edits)) : countUses(module, ids, edits, skip);
}

function countUses(module: Module, ids: IdOperands, edits: WordEdits, skip?: { spans: readonly FunctionSpan[]; dead: ReadonlySet<number> }): IdCounts {
  const words = edits.words;
  const counts = new IdCounts(module.header.bound, words.length + 1024);
  const positions = idPositions(module, ids, edits);
  // The word ranges not counted, in order.
  const skipped: number[] = [];
  for (const span of skip?.spans ?? []) if (skip!.dead.has(span.id)) skipped.push(span.definition, span.end);
  let r = 0;
  let from = skipped.length > 0 ? skipped[0] : words.length;
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k];
    // A result id (stored as ~index) is not a use of itself.
    if (p < 0) continue;
    if (p >= from) {
      while (r < skipped.length && p >= skipped[r + 1]) r += 2;
      from = r < skipped.length ? skipped[r] : words.length;
      if (p >= from) continue;
    }
    counts.add(words[p]);
  }
  return counts;
}

/** The uses of every id of a module, with what the sweep needs to know about its globals. */
export class ModuleUses {
  readonly ids: IdOperands;
  readonly counts: IdCounts;
  /** Global instructions by result id. */
  readonly globals = new Map<number, Instruction>();
  /** Ids exported (LinkageAttributes ... Export): another module may use them. */
  readonly exported = new Set<number>();
  /** Ids decorated BuiltIn: a constant so decorated (WorkgroupSize) gives the size even unused. */
  readonly builtIns = new Set<number>();

  /** The uses in the globals added to `body` (the uses in the bodies, which is not changed). */
  constructor(
    readonly module: Module,
    ids: IdOperands,
    body: IdCounts,
    words: number,
  ) {
    this.ids = ids;
    this.counts = IdCounts.copyOf(body, module.header.bound, words + 1024);
    const counts = this.counts;
    const add = (id: number): void => counts.add(id);
    for (const name of ['entryPoints', 'executionModes', 'globals', 'annotations'] as const) {
      for (const inst of module.section(name)) {
        if (inst.resultId !== 0) this.globals.set(inst.resultId, inst);
        if (name === 'annotations') this.annotation(inst, add);
        else ids.uses(inst, add);
      }
    }
  }

  private annotation(inst: Instruction, add: (id: number) => void): void {
    const op = inst.opcode;
    if (op === Op.Decorate && inst.word(1) === Decoration.LinkageAttributes && inst.word(inst.operandCount - 1) === 0) this.exported.add(inst.word(0));
    if (op === Op.Decorate && inst.word(1) === Decoration.BuiltIn) this.builtIns.add(inst.word(0));
    // OpDecorateId's operands after the decoration are ids the decoration needs (AlignmentId,
    // CounterBuffer, ...): uses, or the decoration would outlive them.
    if (op === Op.DecorateId) for (let i = 2; i < inst.operandCount; i++) add(inst.word(i));
    if (!isAnnotation(op)) this.ids.uses(inst, add);
  }

  /** Real uses of `id` now. */
  count(id: number): number {
    return this.counts.get(id);
  }
}

/** Index of the result id of the instruction at `words[pos]`, or 0 when it has none. */
export function resultIndex(words: Uint32Array, pos: number): number {
  const shape = instructionShape[words[pos] & 0xffff];
  if ((shape & SHAPE_RESULT) === 0) return 0;
  return (shape & SHAPE_TYPE) !== 0 ? pos + 2 : pos + 1;
}

/** The uses of a module whose bodies are `edits`: the bodies' (kept in the module's cache) and the globals'. */
export function moduleUses(module: Module, edits: WordEdits): ModuleUses {
  const ids = new IdOperands(module, edits.words.length);
  return new ModuleUses(module, ids, bodyUses(module, ids, edits), edits.words.length);
}
