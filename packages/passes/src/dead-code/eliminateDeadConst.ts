import {
  CallGraphAnalysis,
  DecorationsAnalysis,
  DefUseAnalysis,
  EntryPointsAnalysis,
  NamesAnalysis,
  TypesAnalysis,
  UNCHANGED,
  isConstantCreation,
  type Pass,
} from '@spvkit/core';
import { bodyWords } from '../words/bodyWords.js';
import { moduleUses } from './moduleUses.js';
import { Sweep } from './sweep.js';

/**
 * `eliminate-dead-const`: removes the constants and spec constants nothing uses (names and
 * decorations are not uses: they go with them, a `SpecId` included), then those only removed
 * constants used (the constituents of a dead composite, the operands of a dead
 * OpSpecConstantOp), as spirv-opt's pass of that name; also the types left without a use. A
 * WorkgroupSize constant stays unless it repeats every entry point's `LocalSize` (spirv-opt
 * removes it always, losing a spec-constant size: see builtInConstantMustStay).
 * Reads the bodies as words, never decoding them.
 */
export const eliminateDeadConst: Pass = {
  name: 'eliminate-dead-const',
  description: 'remove constants nothing uses, and the types, names and decorations only they used',
  // Edits only the sections before the bodies, through the module, which keeps these right.
  preserves: [DefUseAnalysis, DecorationsAnalysis, NamesAnalysis, CallGraphAnalysis, EntryPointsAnalysis, TypesAnalysis],
  run(module) {
    const constants = module.globals.filter((inst) => inst.resultId !== 0 && isConstantCreation(inst.opcode));
    if (constants.length === 0) return UNCHANGED;
    const words = bodyWords(module);
    const uses = moduleUses(module, words);
    const sweep = new Sweep(uses);
    for (const c of constants) {
      if (uses.count(c.resultId) === 0 && sweep.removable(c.resultId)) sweep.removeGlobal(c.resultId);
    }
    if (!sweep.any) return UNCHANGED;
    sweep.run();
    sweep.apply(module);
    return { changed: true, diagnostics: [] };
  },
};
