import type { Module } from '../ir/Module.js';
import { bodiesRegion } from './bodiesRegion.js';

/**
 * Gives `module` new function bodies as words (OpFunction to the end of the module, host byte
 * order), kept undecoded: the fast path of a pass that rewrites bodies word by word, as
 * lower-local-invocation-index does on a freshly decoded module. Encoding copies them unchanged;
 * should anything read `module.functions`, the module as it is then (its header and sections,
 * these bodies after them) is encoded and decoded, and the bodies taken from that. Analyses that
 * read bodies are dropped. `region` becomes the module's: do not write it afterwards.
 *
 * Nothing is copied here: the words are the module's region as they are. (Copying them behind an
 * encoding of the sections, as this did before, touched two fresh buffers of the bodies' size per
 * pass, ~40 ms for a 4 MB module, and page faults are most of that on a cold process.)
 *
 * @example
 * ```ts
 * const words = module.lazyFunctionWords();
 * if (words !== null) replaceFunctionWords(module, rewrite(words));
 * ```
 */
export function replaceFunctionWords(module: Module, region: Uint32Array): void {
  module.setLazyFunctions(bodiesRegion(module, region));
}
