import { Op, instructionEnd, type Module } from '@spvkit/core';
import { giveBodies } from '../words/ownBodies.js';
import { WordSink, type FunctionSpan } from '../words/bodyWords.js';

/**
 * Gives the module its bodies without the functions in `dead`. What precedes a dead function's
 * OpFunction stays, except debug lines (they described the function); such instructions are
 * non-semantic ones placed between functions, which now sit before the next one.
 */
export function dropFunctions(module: Module, words: Uint32Array, spans: readonly FunctionSpan[], dead: ReadonlySet<number>): void {
  const out = new WordSink(words.length);
  let at = 0;
  for (const span of spans) {
    if (!dead.has(span.id)) continue;
    out.copy(words, at, span.start);
    for (let pos = span.start, end: number; pos < span.definition; pos = end) {
      end = instructionEnd(words, pos);
      const op = words[pos] & 0xffff;
      if (op !== Op.Line && op !== Op.NoLine) out.copy(words, pos, end);
    }
    at = span.end;
  }
  out.copy(words, at, words.length);
  giveBodies(module, out.words());
}
