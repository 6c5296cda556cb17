import { isConstantCreation, type Pass } from '@spvkit/core';
import { PRESERVED_BY_GLOBAL_EDITS, removeUnusedGlobals } from './removeUnusedGlobals.js';

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
  preserves: PRESERVED_BY_GLOBAL_EDITS,
  run(module) {
    return removeUnusedGlobals(
      module,
      module.globals.filter((inst) => inst.resultId !== 0 && isConstantCreation(inst.opcode)),
    );
  },
};
