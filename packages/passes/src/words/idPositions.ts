import { SHAPE_RESULT, SHAPE_TYPE, instructionEnd, instructionShape, type Module, type WordEdits } from '@spvkit/core';
import { bodyWordFact, type BodyWordFact } from './BodyWordFacts.js';
import { IdOperands } from './idOperands.js';

/**
 * Appends to `out` from `n` where the ids of the instruction at `words[pos]` are, a result id as
 * `~index`; returns the new length. `out` needs room for `wordCount` more.
 */
export function appendPositions(ids: IdOperands, words: Uint32Array, pos: number, wordCount: number, out: Int32Array, n: number): number {
  const found = ids.collectInto(out, n, words, pos, wordCount);
  const end = n + found;
  const shape = instructionShape[words[pos] & 0xffff];
  const resultAt = (shape & SHAPE_RESULT) === 0 ? -1 : (shape & SHAPE_TYPE) !== 0 ? pos + 2 : pos + 1;
  for (let k = n; k < end; k++) if (out[k] === resultAt) out[k] = ~resultAt;
  return end;
}

function findPositions(ids: IdOperands, edits: WordEdits): Int32Array {
  // An instruction has fewer id operands than words: one array of the words' length holds them
  // all, filled in place (nothing grown, copied or allocated per instruction).
  const words = edits.words;
  const out = new Int32Array(words.length);
  let n = 0;
  const runs = edits.keptRuns();
  for (let r = 0; r < runs.length; r += 2) {
    for (let pos = runs[r], end: number; pos < runs[r + 1]; pos = end) {
      end = instructionEnd(words, pos);
      n = appendPositions(ids, words, pos, end - pos, out, n);
    }
  }
  return out.subarray(0, n);
}

/** Where the ids of the edited bodies are (a fact kept between passes): see {@link idPositions}. */
export const ID_POSITIONS: BodyWordFact<Int32Array> = {
  name: 'id positions',
  find: (module, edits) => findPositions(new IdOperands(module, edits.words.length), edits),
  same: (a, b) => a.length === b.length && a.every((p, k) => p === b[k]),
};

/**
 * Where the ids of `module`'s edited bodies are: the original index of every id operand of the
 * instructions still there, in order, a result id stored as `~index` (negative) so that counting
 * uses can skip it. Found once and kept in the module's cache (or told by the pass that edited the
 * words: strip-debug finds them as it walks), and shared by the passes that count uses and by
 * compact-ids, which renames through it.
 */
export function idPositions(module: Module, ids: IdOperands, edits: WordEdits): Int32Array {
  return bodyWordFact(ID_POSITIONS, module, edits, () => findPositions(ids, edits));
}
