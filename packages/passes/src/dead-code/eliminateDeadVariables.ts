import { Op, type Pass } from '@spvkit/core';
import { PRESERVED_BY_GLOBAL_EDITS, removeUnusedGlobals } from './removeUnusedGlobals.js';

/**
 * `eliminate-dead-variables`: removes the module-scope variables nothing references (names and
 * decorations are not references; an entry point's interface is), except exported ones, as
 * spirv-opt's pass of that name; then what only they used (their pointer types, initializers).
 * Reads the bodies as words, never decoding them.
 */
export const eliminateDeadVariables: Pass = {
  name: 'eliminate-dead-variables',
  description: 'remove module-scope variables nothing references, with their names, decorations and the types only they used',
  preserves: PRESERVED_BY_GLOBAL_EDITS,
  run(module) {
    return removeUnusedGlobals(
      module,
      module.globals.filter((inst) => inst.opcode === Op.Variable),
    );
  },
};
