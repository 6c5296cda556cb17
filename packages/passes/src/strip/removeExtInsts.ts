// Removing extended instructions of some sets from a whole module: from the globals as objects,
// from the bodies as words (a freshly decoded module's bodies stay undecoded). Non-semantic
// instructions of other sets that use a removed result go too, as spirv-opt's KillInst takes the
// non-semantic tree of what it kills.
import { Op, instructionEnd, isExtInst, type Instruction, type Module } from '@spvkit/core';
import { giveBodies } from '../words/ownBodies.js';
import { FUNCTION_SPANS, bodyWords, SpanBuilder } from '../words/bodyWords.js';
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
 * edits, the bodies by giving the module new body words.
 */
export function planExtInstRemoval(module: Module, removal: ExtInstRemoval): ExtInstRemoved & { apply(): void } {
  const ids = new Set<number>();
  const ops = removal.dropOpcodes ?? new Set<number>();
  const words = bodyWords(module);
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
  // The bodies: the kept words are copied run by run (each run of kept instructions in one copy,
  // when the instruction after it is dropped; nothing allocated per instruction), and become the
  // module's bodies in apply() when anything was dropped; where their ids are is found on the
  // way, for the passes after this one (use counts, compact-ids).
  const kept = new Uint32Array(words.length);
  // Kept words so far, the current run's included; the current run starts at words[runStart].
  let length = 0;
  let runStart = 0;
  // The functions of the new bodies, found on the way for the passes after this one.
  const spans = new SpanBuilder();
  const positions = new Int32Array(words.length);
  let found = 0;
  const dropOpcode = new Uint8Array(65536);
  for (const op of ops) dropOpcode[op & 0xffff] = 1;
  for (let pos = 0, end: number; pos < words.length; pos = end) {
    end = instructionEnd(words, pos);
    const wordCount = end - pos;
    const op = words[pos] & 0xffff;
    let drop = dropOpcode[op] === 1;
    if (!drop && isExtInst(op) && wordCount >= 5) drop = extInstGoes(words, pos, wordCount, removal, ids, idOperands);
    else if (op === Op.Line && !drop && removal.everyUse === true) removal.keptUse?.(words[pos + 1]);
    if (!drop) {
      spans.note(words, pos, wordCount, op, length);
      found = appendPositions(idOperands, words, pos, wordCount, positions, found, length);
      length += wordCount;
    } else {
      if (runStart < pos) kept.set(words.subarray(runStart, pos), length - (pos - runStart));
      runStart = end;
    }
  }
  const bodiesChanged = length < words.length;
  if (bodiesChanged) {
    // The last run.
    if (runStart < words.length) kept.set(words.subarray(runStart), length - (words.length - runStart));
  } else {
    // Nothing dropped: the bodies stay as they are, and what the walk found about them (their
    // functions, where their ids are) is theirs, for the passes after this one.
    holdBodyWordFact(FUNCTION_SPANS, module, words, spans.spans);
    holdBodyWordFact(ID_POSITIONS, module, words, positions.subarray(0, found));
  }
  const any = goneGlobals.size > 0 || bodiesChanged;
  return {
    ids,
    any,
    apply() {
      if (goneGlobals.size > 0) module.removeWhere('globals', (inst) => goneGlobals.has(inst));
      if (!bodiesChanged) return;
      giveBodies(module, kept.subarray(0, length));
      const bodies = module.lazyFunctionWords();
      if (bodies === null) return;
      holdBodyWordFact(FUNCTION_SPANS, module, bodies, spans.spans);
      holdBodyWordFact(ID_POSITIONS, module, bodies, positions.subarray(0, found));
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
