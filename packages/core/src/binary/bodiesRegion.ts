// Bodies held as words in a buffer of their own (a pass's rewrite, or edits applied), after the
// module's sections: decoding them needs those sections, so it decodes an encoding of the whole.
// decodeModule's own region hands its edited bodies here, which closes an import cycle between the
// two (of functions called long after both modules loaded).
import { HOST_ENDIANNESS } from '../words/wordInput.js';
import { decodeModule } from './decodeModule.js';
import { encodeModule } from './encodeModule.js';
import type { LazyFunctionRegion, Module } from '../ir/Module.js';

/**
 * @internal The region of `module`'s bodies held as the words `words`, decoded (should anything
 * read them) from an encoding of the whole module, and edited (see `Module.editFunctionWords`)
 * into another such region.
 */
export function bodiesRegion(module: Module, words: Uint32Array): LazyFunctionRegion {
  const limit = module.ids.limit;
  return {
    words,
    start: 0,
    end: words.length,
    materialize: () => {
      // The region is still the module's while this runs, so the encoding ends with these bodies.
      const fresh = decodeModule(encodeModule(module, { endianness: HOST_ENDIANNESS }), { maxIdBound: limit, lazyFunctions: false });
      return { functions: fresh.functions, trailing: fresh.trailing };
    },
    edited: (edited) => bodiesRegion(module, edited),
  };
}
