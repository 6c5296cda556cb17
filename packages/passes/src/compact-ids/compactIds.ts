import {
  HEADER_WORDS,
  HOST_ENDIANNESS,
  SECTIONS,
  UNCHANGED,
  instructionAt,
  decodeModule,
  encodeModule,
  instructionEnd,
  type Module,
  type Pass,
} from '@spvkit/core';
import { bodyWords } from '../words/bodyWords.js';
import { IdCounts } from '../words/IdCounts.js';
import { idPositions } from '../words/idPositions.js';
import { IdOperands } from '../words/idOperands.js';

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
  const positions = idPositions(ids, bodies);
  const words = encodeModule(module, { endianness: HOST_ENDIANNESS });
  const head = words.length - bodies.length;
  const map = new IdCounts(module.header.bound, words.length);
  const out = words.slice();
  let next = 1;
  let renamed = false;
  const rename = (i: number): void => {
    const old = words[i];
    let id = map.get(old);
    if (id === 0) {
      id = next++;
      map.set(old, id);
    }
    if (id !== old) {
      out[i] = id;
      renamed = true;
    }
  };
  for (let pos = HEADER_WORDS, end: number; pos < head; pos = end) {
    end = instructionEnd(words, pos);
    const n = ids.collect(words, pos, end - pos);
    const found = ids.found;
    for (let k = 0; k < n; k++) rename(found[k]);
  }
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k];
    rename(head + (p < 0 ? ~p : p));
  }
  if (!renamed && module.header.bound === next) return false;
  out[3] = next;
  // The globals become views of their rewritten words (copied apart from the bodies', which the
  // module keeps as words).
  const globals = out.slice(0, head);
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
  if (module.hasLazyFunctions || head < out.length) {
    // `out` is the whole module, its globals as now: the bodies are its tail as they are (what
    // replaceFunctionWords would give, without encoding the module once more).
    const limit = module.ids.limit;
    module.setLazyFunctions({
      words: out,
      start: head,
      end: out.length,
      materialize: () => {
        const fresh = decodeModule(out, { maxIdBound: limit, lazyFunctions: false });
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
  run(module) {
    return compactModuleIds(module) ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};
