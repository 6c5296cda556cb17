import { HEADER_WORDS, SECTIONS, UNCHANGED, instructionAt, encodeGlobals, instructionEnd, type Module, type Pass } from '@spvkit/core';
import { bodyEdits, editBodies } from '../words/bodyWords.js';
import { IdCounts } from '../words/IdCounts.js';
import { idPositions } from '../words/idPositions.js';
import { IdOperands } from '../words/idOperands.js';
import { BodyWordFactsAnalysis } from '../words/BodyWordFacts.js';

/**
 * Renumbers the ids of `module` in order of first appearance (result type, result and operand ids
 * alike, instruction by instruction in binary order, as spirv-opt's `--compact-ids` visits them),
 * from 1 without gaps, and sets the bound to the number of ids + 1. Returns false, touching nothing,
 * when the module is numbered so already.
 */
export function compactModuleIds(module: Module): boolean {
  const edits = bodyEdits(module);
  const bodies = edits.words;
  const ids = new IdOperands(module, bodies.length);
  // Where the ids of the bodies are, found once per body words (the dead-code passes before this
  // one found them already when they left the bodies as they were).
  const positions = idPositions(module, ids, edits);
  // The globals are renamed in an encoding of their own, which their instructions then view; the
  // bodies by a word edit, written when the module is encoded.
  const words = encodeGlobals(module);
  const map = new IdCounts(module.header.bound, words.length + bodies.length);
  let next = 1;
  let renamed = false;
  const number = (old: number): number => {
    let id = map.get(old);
    if (id === 0) {
      id = next++;
      map.set(old, id);
    }
    if (id !== old) renamed = true;
    return id;
  };
  for (let pos = HEADER_WORDS, end: number; pos < words.length; pos = end) {
    end = instructionEnd(words, pos);
    const n = ids.collect(words, pos, end - pos);
    const found = ids.found;
    for (let k = 0; k < n; k++) words[found[k]] = number(words[found[k]]);
  }
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k];
    number(bodies[p < 0 ? ~p : p]);
  }
  if (!renamed && module.header.bound === next) return false;
  words[3] = next;
  let pos = HEADER_WORDS;
  const sections = SECTIONS.map((name) =>
    module.section(name).map((inst) => {
      const wordCount = inst.wordCount;
      const view = instructionAt(words, pos, wordCount);
      view.span = inst.span;
      pos += wordCount;
      return view;
    }),
  );
  SECTIONS.forEach((name, i) => {
    module[name] = sections[i];
  });
  module.header.bound = next;
  if (positions.length > 0) editBodies(module, edits, (e) => e.rename(positions, map.table()));
  return true;
}

/**
 * `compact-ids`, as spirv-opt's pass of that name: ids renumbered from 1 in order of first
 * appearance, without gaps; the bound becomes the number of ids + 1. Function bodies are renamed
 * by a word edit and stay undecoded.
 */
export const compactIds: Pass = {
  name: 'compact-ids',
  description: 'renumber ids from 1 in order of first appearance, without gaps (bound = ids + 1)',
  // Renamed bodies drop their facts, and are applied before a pass reads them again.
  preserves: [BodyWordFactsAnalysis],
  run(module) {
    return compactModuleIds(module) ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};
