import { forEachKept, Op, type Module, type WordEdits } from '@spvkit/core';
import { editBodies, type FunctionSpan } from '../words/bodyWords.js';

/**
 * Removes the functions in `dead` from the bodies `edits` describes, by word edits; returns the
 * module's edits after that, and whether debug lines before them went too. What precedes a dead function's OpFunction stays, except debug lines
 * (they described the function); such instructions are non-semantic ones placed between
 * functions, which now sit before the next one.
 */
export function dropFunctions(
  module: Module,
  edits: WordEdits,
  spans: readonly FunctionSpan[],
  dead: ReadonlySet<number>,
): { after: WordEdits; lines: boolean } {
  const words = edits.words;
  const removals: number[] = [];
  for (const span of spans) {
    if (!dead.has(span.id)) continue;
    forEachKept(edits, span.start, span.definition, (pos, end) => {
      const op = words[pos] & 0xffff;
      if (op === Op.Line || op === Op.NoLine) removals.push(pos, end);
    });
    removals.push(span.definition, span.end);
  }
  const lines = removals.length > 2 * dead.size;
  const after = editBodies(module, edits, (e) => {
    for (let k = 0; k < removals.length; k += 2) e.remove(removals[k], removals[k + 1]);
  });
  return { after, lines };
}
