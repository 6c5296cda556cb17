import { SHAPE_RESULT, SHAPE_TYPE, instructionShape, wordCountAt } from '@spvkit/core';
import type { IdOperands } from './idOperands.js';
import { memoized } from './memo.js';

/**
 * Where the ids of body words are: the index of every id operand, in order, a result id stored as
 * `~index` (negative) so that counting uses can skip it. Found once per body buffer (see memo.ts)
 * and shared by the passes that count uses and by compact-ids, which renumbers through it.
 */
export function idPositions(ids: IdOperands, words: Uint32Array): Int32Array {
  return memoized(words, 'ids', () => {
    let out = new Int32Array(Math.max(1024, words.length >>> 1));
    let n = 0;
    for (let pos = 0; pos < words.length;) {
      const wordCount = wordCountAt(words, pos);
      const found = ids.collect(words, pos, wordCount);
      if (n + found > out.length) {
        const grown = new Int32Array(Math.max(out.length * 2, n + found));
        grown.set(out.subarray(0, n));
        out = grown;
      }
      const shape = instructionShape[words[pos] & 0xffff];
      const resultAt = (shape & SHAPE_RESULT) === 0 ? -1 : (shape & SHAPE_TYPE) !== 0 ? pos + 2 : pos + 1;
      const at = ids.found;
      for (let k = 0; k < found; k++) out[n++] = at[k] === resultAt ? ~at[k] : at[k];
      pos += wordCount;
    }
    return out.slice(0, n);
  });
}
