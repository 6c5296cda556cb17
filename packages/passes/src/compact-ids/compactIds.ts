import {
  HEADER_WORDS,
  HOST_ENDIANNESS,
  SECTIONS,
  UNCHANGED,
  instructionAt,
  decodeModule,
  encodeGlobals,
  encodeModule,
  instructionEnd,
  type Module,
  type Pass,
} from '@spvkit/core';
import { bodyWords } from '../words/bodyWords.js';
import { IdCounts } from '../words/IdCounts.js';
import { ID_POSITIONS, idPositions } from '../words/idPositions.js';
import { IdOperands } from '../words/idOperands.js';
import { giveBodies, ownsBodies } from '../words/ownBodies.js';
import { BodyWordFactsAnalysis, holdBodyWordFact } from '../words/BodyWordFacts.js';

/**
 * Renumbers the ids of `module` in order of first appearance (result type, result and operand ids
 * alike, instruction by instruction in binary order, as spirv-opt's `--compact-ids` visits them),
 * from 1 without gaps, and sets the bound to the number of ids + 1. Returns false, touching nothing,
 * when the module is numbered so already.
 */
export function compactModuleIds(module: Module): boolean {
  const bodies = bodyWords(module);
  const ids = new IdOperands(module, bodies.length);
  // Where the ids of the bodies are, found once per body buffer (the dead-code passes before this
  // one found them already when they left the bodies as they were).
  const positions = idPositions(module, ids, bodies);
  // Bodies a pass of this package made for this module (strip-debug's, after it dropped lines)
  // are renamed where they are, behind an encoding of the globals alone; other bodies (a decoded
  // module's, which are the caller's input) are renamed in an encoding of the whole module. Either
  // way the renaming is written over words of our own: each id is read once, before it is
  // written, and the words the walk reads (counts, opcodes, sets) are read before that
  // instruction's ids change. A copy to write into would be another module's worth of fresh
  // memory to touch.
  const globalWords = ownsBodies(module, bodies) ? encodeGlobals(module) : undefined;
  const inPlace = globalWords !== undefined;
  const words = globalWords ?? encodeModule(module, { endianness: HOST_ENDIANNESS });
  const head = inPlace ? words.length : words.length - bodies.length;
  // Body word i is renamed at target[base + i].
  const target = inPlace ? bodies : words;
  const base = inPlace ? 0 : head;
  const map = new IdCounts(module.header.bound, head + bodies.length);
  let next = 1;
  let renamed = false;
  const rename = (array: Uint32Array, i: number): void => {
    const old = array[i];
    let id = map.get(old);
    if (id === 0) {
      id = next++;
      map.set(old, id);
    }
    if (id !== old) {
      array[i] = id;
      renamed = true;
    }
  };
  for (let pos = HEADER_WORDS, end: number; pos < head; pos = end) {
    end = instructionEnd(words, pos);
    const n = ids.collect(words, pos, end - pos);
    const found = ids.found;
    for (let k = 0; k < n; k++) rename(words, found[k]);
  }
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k];
    rename(target, base + (p < 0 ? ~p : p));
  }
  if (!renamed && module.header.bound === next) return false;
  words[3] = next;
  // The globals become views of their rewritten words (copied apart from the bodies', which the
  // module keeps as words).
  const globals = inPlace ? words : words.slice(0, head);
  let pos = HEADER_WORDS;
  const sections = SECTIONS.map((name) =>
    module.section(name).map((inst) => {
      const wordCount = inst.wordCount;
      const view = instructionAt(globals, pos, wordCount);
      view.span = inst.span;
      pos += wordCount;
      return view;
    }),
  );
  SECTIONS.forEach((name, i) => {
    module[name] = sections[i];
  });
  module.header.bound = next;
  if (inPlace) {
    // The same words, renamed: where their ids are still holds (the other facts name ids).
    giveBodies(module, bodies);
    holdBodyWordFact(ID_POSITIONS, module, bodies, positions);
  } else if (module.hasLazyFunctions || head < words.length) {
    // `words` is the whole module, its globals as now: the bodies are its tail.
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
  return true;
}

/**
 * `compact-ids`, as spirv-opt's pass of that name: ids renumbered from 1 in order of first
 * appearance, without gaps; the bound becomes the number of ids + 1. Function bodies are rewritten
 * as words and stay undecoded.
 */
export const compactIds: Pass = {
  name: 'compact-ids',
  description: 'renumber ids from 1 in order of first appearance, without gaps (bound = ids + 1)',
  // Renamed bodies drop their facts; it holds where their ids are, which a renaming keeps.
  preserves: [BodyWordFactsAnalysis],
  run(module) {
    return compactModuleIds(module) ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};
