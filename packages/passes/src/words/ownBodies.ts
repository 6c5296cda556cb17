// Body words a pass of this package made and gave to one module, which no one else holds: the
// module's own, so a later pass may rewrite them in place instead of copying them into another
// buffer of the same size (compact-ids renames every id of a 4 MB module's bodies; a fresh buffer
// for that is ~500 page faults on a cold process). A decoded module's bodies are the caller's
// input, and stay read-only.
import { replaceFunctionWords, type Module } from '@spvkit/core';

const owned = new WeakMap<Module, ArrayBufferLike>();

/**
 * Gives `module` new bodies, as `replaceFunctionWords` does, for words made for it alone (their
 * buffer holds nothing else anyone reads).
 */
export function giveBodies(module: Module, words: Uint32Array): void {
  replaceFunctionWords(module, words);
  owned.set(module, words.buffer);
}

/**
 * Whether `words`, the module's bodies now, were given to it by {@link giveBodies} (and may be
 * rewritten in place). Giving them back (giveBodies) drops the facts held about them (BodyWordFacts.ts).
 */
export function ownsBodies(module: Module, words: Uint32Array): boolean {
  const lazy = module.lazyFunctionWords();
  return (
    lazy !== null && owned.get(module) === words.buffer && lazy.buffer === words.buffer && lazy.byteOffset === words.byteOffset && lazy.length === words.length
  );
}
