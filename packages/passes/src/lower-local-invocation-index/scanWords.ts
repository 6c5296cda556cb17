// Phase 1, function bodies still undecoded (a freshly decoded module): the reads of the index
// found word by word, so that a large module's bodies never become objects.
import { InstructionWalker, Op, createIdFlags, type Module } from '@spvkit/core';
import type { IndexVar, RawSite } from './findUses.js';

/** The result of scanning undecoded bodies. */
export interface RawScan {
  readonly sites: RawSite[];
}

/**
 * Scans undecoded function bodies word by word. Gives up (undefined) when anything but an
 * OpLoad uses a variable, or a literal happens to equal its id: the object scan then decides.
 */
export function scanWords(module: Module, rootOf: ReadonlyMap<number, IndexVar>): (RawScan & { sites: (RawSite & { root: number })[] }) | undefined {
  const words = module.lazyFunctionWords();
  if (words === null) return undefined;
  const bound = module.header.bound;
  // Sized by the module, not by its declared bound (which a tiny module may set to millions).
  const bits = createIdFlags(bound, words.length);
  for (const id of rootOf.keys()) bits.add(id);
  const sites: (RawSite & { root: number })[] = [];
  let fnId = 0;
  const walk = new InstructionWalker(words);
  while (walk.next()) {
    const { pos: p, end, opcode: op } = walk;
    if (op === Op.Function) fnId = walk.resultId;
    // Every word, result type and id included: any mention of a variable's id counts.
    for (let i = p + 1; i < end; i++) {
      const w = words[i];
      if (w >= bound || !bits.has(w)) continue;
      if (op === Op.Load) {
        // Word 3 is the pointer; later words are memory operands (literals, scope ids).
        if (i === p + 3) sites.push({ pos: p, wc: end - p, typeId: walk.typeId, resultId: walk.resultId, fnId, root: w });
        continue;
      }
      if (op === Op.Line && i > p + 1) continue; // line and column numbers
      return undefined;
    }
  }
  return { sites };
}
