import {
  CallGraphAnalysis,
  DecorationsAnalysis,
  DefUseAnalysis,
  EntryPointsAnalysis,
  NamesAnalysis,
  TypesAnalysis,
  UNCHANGED,
  type Instruction,
  type Module,
  type PassResult,
} from '@spvkit/core';
import { bodyEdits } from '../words/bodyWords.js';
import { moduleUses } from './moduleUses.js';
import { Sweep } from './sweep.js';
import { BodyWordFactsAnalysis } from '../words/BodyWordFacts.js';

/**
 * What a pass that edits only the sections before the bodies, through the module, keeps right:
 * the module's edits update or drop these as they go, and the bodies (held as words) are untouched.
 */
export const PRESERVED_BY_GLOBAL_EDITS = [
  DefUseAnalysis,
  DecorationsAnalysis,
  NamesAnalysis,
  CallGraphAnalysis,
  EntryPointsAnalysis,
  TypesAnalysis,
  BodyWordFactsAnalysis,
];

/**
 * Removes the `candidates` (module-scope definitions) that nothing uses, then what only they used,
 * with their names and decorations; uses are counted over the globals and the bodies' words, never
 * decoding the bodies. The shared run of `eliminate-dead-const` and `eliminate-dead-variables`.
 */
export function removeUnusedGlobals(module: Module, candidates: readonly Instruction[]): PassResult {
  if (candidates.length === 0) return UNCHANGED;
  const uses = moduleUses(module, bodyEdits(module));
  const sweep = new Sweep(uses);
  for (const c of candidates) if (uses.count(c.resultId) === 0 && sweep.removable(c.resultId)) sweep.removeGlobal(c.resultId);
  if (!sweep.any) return UNCHANGED;
  sweep.run();
  sweep.apply(module);
  return { changed: true, diagnostics: [] };
}
