import {
  CallGraphAnalysis,
  DecorationsAnalysis,
  DefUseAnalysis,
  EntryPointsAnalysis,
  NamesAnalysis,
  TypesAnalysis,
  Op,
  UNCHANGED,
  type Pass,
} from '@spvkit/core';
import { bodyWords } from '../words/bodyWords.js';
import { moduleUses } from './moduleUses.js';
import { Sweep } from './sweep.js';

/**
 * `eliminate-dead-variables`: removes the module-scope variables nothing references (names and
 * decorations are not references; an entry point's interface is), except exported ones, as
 * spirv-opt's pass of that name; then what only they used (their pointer types, initializers).
 * Reads the bodies as words, never decoding them.
 */
export const eliminateDeadVariables: Pass = {
  name: 'eliminate-dead-variables',
  description: 'remove module-scope variables nothing references, with their names, decorations and the types only they used',
  // Edits only the sections before the bodies, through the module, which keeps these right.
  preserves: [DefUseAnalysis, DecorationsAnalysis, NamesAnalysis, CallGraphAnalysis, EntryPointsAnalysis, TypesAnalysis],
  run(module) {
    const variables = module.globals.filter((inst) => inst.opcode === Op.Variable);
    if (variables.length === 0) return UNCHANGED;
    const words = bodyWords(module);
    const uses = moduleUses(module, words);
    const sweep = new Sweep(uses);
    for (const v of variables) if (uses.count(v.resultId) === 0 && sweep.removable(v.resultId)) sweep.removeGlobal(v.resultId);
    if (!sweep.any) return UNCHANGED;
    sweep.run();
    sweep.apply(module);
    return { changed: true, diagnostics: [] };
  },
};
