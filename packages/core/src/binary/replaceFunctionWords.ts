import { HOST_ENDIANNESS } from './wordInput.js';
import { decodeModule } from './decodeModule.js';
import { encodeModule } from './encodeModule.js';
import type { Module } from '../ir/Module.js';

/**
 * Gives `module` new function bodies as words (OpFunction to the end of the module, host byte
 * order), kept undecoded: the fast path of a pass that rewrites bodies word by word, as
 * lower-local-invocation-index does on a freshly decoded module. Encoding copies them unchanged;
 * should anything read `module.functions`, the module's own header and sections followed by
 * `region` are decoded and the bodies taken from that. Analyses that read bodies are dropped.
 *
 * @example
 * ```ts
 * const words = module.lazyFunctionWords();
 * if (words !== null) replaceFunctionWords(module, rewrite(words));
 * ```
 */
export function replaceFunctionWords(module: Module, region: Uint32Array): void {
  const encoded = encodeModule(module, { endianness: HOST_ENDIANNESS });
  const old = module.lazyFunctionWords();
  // Without lazy bodies, the encoding ends with the decoded ones: count their words to cut them.
  let bodies = old?.length ?? 0;
  if (old === null) for (const fn of module.functions) for (const inst of fn.allInstructions()) bodies += inst.wordCount;
  if (old === null) for (const inst of module.trailing) bodies += inst.wordCount;
  const head = encoded.length - bodies;
  const words = new Uint32Array(head + region.length);
  words.set(encoded.subarray(0, head));
  words.set(region, head);
  const limit = module.ids.limit;
  module.setLazyFunctions({
    words,
    start: head,
    end: words.length,
    materialize: () => {
      const fresh = decodeModule(words, { maxIdBound: limit, lazyFunctions: false });
      return { functions: fresh.functions, trailing: fresh.trailing };
    },
  });
}
