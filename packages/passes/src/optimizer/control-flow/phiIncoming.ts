import type { Instruction } from '@spvkit/core';

/**
 * The operand words of `phi` with only the (value, parent) pairs whose parent `keep` accepts, each
 * value through `value` (an edge whose value is gone gets an OpUndef there). Undefined when that
 * changes nothing.
 *
 * @example
 * ```ts
 * const words = keptIncoming(phi, (parent) => live.has(parent), (v) => v);
 * if (words !== undefined) module.setOperands(phi, words);
 * ```
 */
export function keptIncoming(phi: Instruction, keep: (parent: number) => boolean, value: (value: number, parent: number) => number): number[] | undefined {
  const words: number[] = [];
  let changed = false;
  for (let i = 0; i + 1 < phi.operandCount; i += 2) {
    const parent = phi.word(i + 1);
    if (!keep(parent)) {
      changed = true;
      continue;
    }
    const v = value(phi.word(i), parent);
    if (v !== phi.word(i)) changed = true;
    words.push(v, parent);
  }
  return changed ? words : undefined;
}
