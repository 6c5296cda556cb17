import { decodeLiteralString } from '@spvkit/core';

/**
 * The literal string in `words[start, end)`, or undefined where it is malformed (no terminating
 * nul): the validator reads damaged modules and must not throw on them.
 */
export function readString(words: Uint32Array, start: number, end: number): string | undefined {
  try {
    return decodeLiteralString(words, start, end).value;
  } catch {
    return undefined;
  }
}
