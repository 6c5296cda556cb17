import { SHAPE_RESULT, SHAPE_TYPE, instructionEnd, instructionShape, type Module } from '@spvkit/core';
import { bodyWordFact, type BodyWordFact } from './BodyWordFacts.js';
import { IdOperands } from './idOperands.js';

/**
 * Appends to `out` from `n` where the ids of the instruction at `words[pos]` are, as indexes
 * shifted to `at` (where the instruction is in the words the positions describe), a result id as
 * `~index`; returns the new length. `out` needs room for `wordCount` more.
 */
export function appendPositions(ids: IdOperands, words: Uint32Array, pos: number, wordCount: number, out: Int32Array, n: number, at: number): number {
  const found = ids.collectInto(out, n, words, pos, wordCount);
  const end = n + found;
  const shape = instructionShape[words[pos] & 0xffff];
  const resultAt = (shape & SHAPE_RESULT) === 0 ? -1 : (shape & SHAPE_TYPE) !== 0 ? pos + 2 : pos + 1;
  const shift = at - pos;
  for (let k = n; k < end; k++) {
    const p = out[k];
    out[k] = p === resultAt ? ~(p + shift) : p + shift;
  }
  return end;
}

function findPositions(ids: IdOperands, words: Uint32Array): Int32Array {
  // An instruction has fewer id operands than words: one array of the words' length holds them
  // all, filled in place (nothing grown, copied or allocated per instruction).
  const out = new Int32Array(words.length);
  let n = 0;
  for (let pos = 0, end: number; pos < words.length; pos = end) {
    end = instructionEnd(words, pos);
    n = appendPositions(ids, words, pos, end - pos, out, n, pos);
  }
  return out.subarray(0, n);
}

/** Where the ids of body words are (a fact kept between passes): see {@link idPositions}. */
export const ID_POSITIONS: BodyWordFact<Int32Array> = {
  name: 'id positions',
  find: (module, words) => findPositions(new IdOperands(module, words.length), words),
  same: (a, b) => a.length === b.length && a.every((p, k) => p === b[k]),
};

/**
 * Where the ids of `module`'s body words are: the index of every id operand, in order, a result
 * id stored as `~index` (negative) so that counting uses can skip it. Found once and kept in the
 * module's cache (or told by the pass that wrote the words: strip-debug finds them as it copies),
 * and shared by the passes that count uses and by compact-ids, which renumbers through it.
 */
export function idPositions(module: Module, ids: IdOperands, words: Uint32Array): Int32Array {
  return bodyWordFact(ID_POSITIONS, module, words, () => findPositions(ids, words));
}
