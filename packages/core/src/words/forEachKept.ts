import { instructionEnd } from './instructionSteps.js';
import type { WordEdits } from './WordEdits.js';

/**
 * Calls `visit` with each instruction still there in original words `[from, to)` of `edits`, in
 * order: its first word and the word after it (`from` must start an instruction, or a removed
 * range). A function of its own, not a method: a page that only encodes edits does not carry it.
 *
 * @example
 * ```ts
 * forEachKept(edits, 0, edits.words.length, (pos, end) => console.log(pos, end - pos));
 * ```
 */
export function forEachKept(edits: WordEdits, from: number, to: number, visit: (pos: number, end: number) => void): void {
  const words = edits.words;
  const runs = edits.keptRuns();
  // The first run that ends after `from`.
  let lo = 0;
  let hi = runs.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (runs[2 * mid + 1] <= from) lo = mid + 1;
    else hi = mid;
  }
  for (let r = 2 * lo; r < runs.length && runs[r] < to; r += 2) {
    const last = Math.min(runs[r + 1], to);
    for (let pos = Math.max(runs[r], from), end: number; pos < last; pos = end) {
      end = instructionEnd(words, pos);
      visit(pos, end);
    }
  }
}
