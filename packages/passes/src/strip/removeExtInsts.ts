// Removing extended instructions of some sets from a whole module: from the globals as objects,
// from the bodies as words (a freshly decoded module's bodies stay undecoded). Non-semantic
// instructions of other sets that use a removed result go too, as spirv-opt's KillInst takes the
// non-semantic tree of what it kills.
import { Op, instructionEnd, isExtInst, type Instruction, type Module, type WordEdits } from '@spvkit/core';
import { FUNCTION_SPANS, SpanBuilder, bodyEdits, editBodies } from '../words/bodyWords.js';
import { holdBodyWordFact } from '../words/BodyWordFacts.js';
import { IdOperands } from '../words/idOperands.js';
import { ID_POSITIONS, appendPositions } from '../words/idPositions.js';

/** What {@link removeExtInsts} removes and keeps. */
export interface ExtInstRemoval {
  /** Import ids whose instructions all go. */
  readonly sets: ReadonlySet<number>;
  /** Import ids of the other non-semantic sets (their instructions go when they use a removed result). */
  readonly nonSemantic: ReadonlySet<number>;
  /** Also drop these body instructions (strip-debug: OpLine, OpNoLine). */
  readonly dropOpcodes?: ReadonlySet<number>;
  /** Called with each id a kept non-semantic instruction uses (strip-debug keeps the OpStrings they name). */
  readonly keptUse?: (id: number) => void;
  /**
   * Also call {@link keptUse} for every other kept extended instruction and OpLine, and
   * {@link removedUse} for the ids removed instructions use: strip-nonsemantic removes the
   * OpStrings only removed instructions named.
   */
  readonly everyUse?: boolean;
  readonly removedUse?: (id: number) => void;
}

/** What went. */
export interface ExtInstRemoved {
  /** Result ids of the removed instructions. */
  readonly ids: Set<number>;
  /** Whether anything was removed. */
  readonly any: boolean;
}

/**
 * Finds what goes; edits nothing. `apply()` then removes it: the globals through the module's
 * edits, the bodies by word edits (removals, written when the module is encoded).
 */
export function planExtInstRemoval(module: Module, removal: ExtInstRemoval): ExtInstRemoved & { apply(): void } {
  const ids = new Set<number>();
  const ops = removal.dropOpcodes ?? new Set<number>();
  const edits = bodyEdits(module);
  const words = edits.words;
  const idOperands = new IdOperands(module, words.length);
  const operandsOf = (): IdOperands => idOperands;
  const usesRemoved = (inst: Instruction): boolean => {
    let hit = false;
    operandsOf().uses(inst, (id) => {
      if (ids.has(id)) hit = true;
    });
    return hit;
  };
  const goneGlobals = new Set<Instruction>();
  for (const inst of module.globals) {
    let drop = ops.has(inst.opcode);
    if (!drop && isExtInst(inst.opcode)) {
      if (removal.sets.has(inst.word(0))) drop = true;
      else if (removal.nonSemantic.has(inst.word(0))) {
        drop = usesRemoved(inst);
        if (!drop && removal.keptUse !== undefined) operandsOf().uses(inst, removal.keptUse);
      } else if (removal.everyUse === true && removal.keptUse !== undefined) operandsOf().uses(inst, removal.keptUse);
    } else if (!drop && inst.opcode === Op.Line && removal.everyUse === true) removal.keptUse?.(inst.word(0));
    if (drop && removal.removedUse !== undefined) operandsOf().uses(inst, removal.removedUse);
    if (drop) {
      goneGlobals.add(inst);
      if (inst.resultId !== 0) ids.add(inst.resultId);
    }
  }
  // The bodies: the dropped instructions are recorded as removals (a run of them as one range;
  // nothing allocated per instruction), made in apply(); what the walk finds about the words that
  // stay (their functions, where their ids are) is held for the passes after this one.
  const removals: number[] = [];
  const spans = new SpanBuilder();
  const positions = new Int32Array(words.length);
  let found = 0;
  const dropOpcode = new Uint8Array(65536);
  for (const op of ops) dropOpcode[op & 0xffff] = 1;
  const runs = edits.keptRuns();
  for (let r = 0; r < runs.length; r += 2) {
    for (let pos = runs[r], end: number; pos < runs[r + 1]; pos = end) {
      end = instructionEnd(words, pos);
      const wordCount = end - pos;
      const op = words[pos] & 0xffff;
      let drop = dropOpcode[op] === 1;
      if (!drop && isExtInst(op) && wordCount >= 5) drop = extInstGoes(words, pos, wordCount, removal, ids, idOperands);
      else if (op === Op.Line && !drop && removal.everyUse === true) removal.keptUse?.(words[pos + 1]);
      if (!drop) {
        spans.note(words, pos, wordCount, op);
        found = appendPositions(idOperands, words, pos, wordCount, positions, found);
      } else if (removals.length > 0 && removals[removals.length - 1] === pos) removals[removals.length - 1] = end;
      else removals.push(pos, end);
    }
  }
  const bodiesChanged = removals.length > 0;
  const hold = (on: WordEdits): void => {
    holdBodyWordFact(FUNCTION_SPANS, module, on, spans.spans);
    holdBodyWordFact(ID_POSITIONS, module, on, positions.subarray(0, found));
  };
  // Nothing dropped: what the walk found describes the bodies as they are.
  if (!bodiesChanged) hold(edits);
  const any = goneGlobals.size > 0 || bodiesChanged;
  return {
    ids,
    any,
    apply() {
      if (goneGlobals.size > 0) module.removeWhere('globals', (inst) => goneGlobals.has(inst));
      if (!bodiesChanged) return;
      hold(
        editBodies(module, edits, (e) => {
          for (let k = 0; k < removals.length; k += 2) e.remove(removals[k], removals[k + 1]);
        }),
      );
    },
  };
}

/**
 * Whether the extended instruction at `words[pos]` goes (its result joins `ids` when it does),
 * telling `removal`'s callbacks the ids it uses. A function of its own, called for extended
 * instructions only: its callbacks capture the walk's variables, and a loop whose body holds such
 * closures allocates a context for them on every iteration, ~150,000 for a 4 MB module.
 */
function extInstGoes(words: Uint32Array, pos: number, wordCount: number, removal: ExtInstRemoval, ids: Set<number>, idOperands: IdOperands): boolean {
  let drop = false;
  const set = words[pos + 3];
  if (removal.sets.has(set)) drop = true;
  else if (removal.everyUse === true && !removal.nonSemantic.has(set) && removal.keptUse !== undefined) {
    const keptUse = removal.keptUse;
    idOperands.visit(words, pos, wordCount, (i) => {
      if (i !== pos + 2) keptUse(words[i]);
    });
  } else if (removal.nonSemantic.has(set)) {
    idOperands.visit(words, pos, wordCount, (i) => {
      if (i !== pos + 2 && ids.has(words[i])) drop = true;
    });
    if (!drop && removal.keptUse !== undefined) {
      const keptUse = removal.keptUse;
      idOperands.visit(words, pos, wordCount, (i) => {
        if (i !== pos + 2) keptUse(words[i]);
      });
    }
  }
  if (drop) {
    ids.add(words[pos + 2]);
    const removedUse = removal.removedUse;
    if (removedUse !== undefined) {
      idOperands.visit(words, pos, wordCount, (i) => {
        if (i !== pos + 2) removedUse(words[i]);
      });
    }
  }
  return drop;
}
