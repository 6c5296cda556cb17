import { Instruction, Op, type Module } from '@spvkit/core';
import { removeBlocks } from '../control-flow/blockEdits.js';
import { mergeInstructionOf } from '../control-flow/structuredBlocks.js';
import type { FunctionLiveness } from './eliminateDeadCodeAggressive.js';

/**
 * Removes the structured constructs of a function that nothing live needs, as `liveness` marked
 * them: each kept header whose merge instruction is not live loses it, and its branch becomes an
 * OpBranch to its merge block; then every block whose label is not live goes, with all that is
 * in it (OpLine and debug scopes too). Nothing live is in a removed block and nothing live names
 * one (a live OpPhi keeps the blocks its values come from), so what stays needs no other edit.
 * The edits go through the module (and {@link removeBlocks}), which keep the def-use analysis
 * current. Returns the ids the removed blocks defined, labels included, whose names and
 * decorations are to go.
 *
 * @example
 * ```ts
 * const gone = removeDeadConstructs(module, new FunctionLiveness(fn, context, flow));
 * ```
 */
export function removeDeadConstructs(module: Module, liveness: FunctionLiveness): Set<number> {
  const { fn } = liveness;
  const gone = liveness.goneBlocks();
  for (const block of liveness.deadHeaders()) {
    const merge = mergeInstructionOf(block)!;
    const terminator = block.instructions[block.instructions.length - 1];
    const target = merge.word(0);
    module.remove(merge);
    module.replace(terminator, [new Instruction(Op.Branch, 0, 0, [target])]);
  }
  return removeBlocks(module, fn, gone);
}
