import { Op, decoratesTarget, type Block, type Function, type Instruction, type Module } from '@spvkit/core';

// Block-level edits the module's API has no method for (it edits instructions, not blocks): each
// changes the function's block list and tells the cached analyses about every instruction that
// entered or left the module, as the module's own edits do.

/**
 * Removes `gone` from `fn`'s blocks, with every instruction in them, and the names and decorations
 * of the ids they defined. Returns those ids.
 *
 * @example
 * ```ts
 * removeBlocks(module, fn, new Set([deadBlock]));
 * ```
 */
export function removeBlocks(module: Module, fn: Function, gone: ReadonlySet<Block>): Set<number> {
  const ids = new Set<number>();
  if (gone.size === 0) return ids;
  fn.blocks = fn.blocks.filter((b) => !gone.has(b));
  for (const block of gone) {
    ids.add(block.id);
    module.changed({ kind: 'removed', place: 'functions', instruction: block.label });
    for (const inst of block.instructions) {
      if (inst.resultId !== 0) ids.add(inst.resultId);
      module.changed({ kind: 'removed', place: 'functions', instruction: inst });
    }
    // Emptied, so that the module no longer finds the removed instructions where they were.
    block.instructions.length = 0;
  }
  return ids;
}

/**
 * Replaces everything in `block` after its label by `terminator` alone (an unreachable merge block
 * becomes `OpUnreachable`, an unreachable continue target a branch back to its header). Returns
 * the ids the removed instructions defined.
 */
export function emptyBlock(module: Module, block: Block, terminator: Instruction): Set<number> {
  const ids = new Set<number>();
  const old = block.instructions;
  block.instructions = [terminator];
  for (const inst of old) {
    if (inst.resultId !== 0) ids.add(inst.resultId);
    module.changed({ kind: 'removed', place: 'functions', instruction: inst });
  }
  old.length = 0;
  module.changed({ kind: 'added', place: 'functions', instruction: terminator });
  return ids;
}

/** Removes the OpName, OpMemberName and decorations of ids that no longer exist. */
export function forgetIds(module: Module, ids: ReadonlySet<number>): void {
  if (ids.size === 0) return;
  module.removeWhere('debugNames', (i) => (i.opcode === Op.Name || i.opcode === Op.MemberName) && ids.has(i.word(0)));
  module.removeWhere('annotations', (i) => decoratesTarget(i.opcode) && ids.has(i.word(0)));
  for (const inst of module.annotations) {
    if (inst.opcode !== Op.GroupDecorate) continue;
    const targets = Array.from(inst.operands.subarray(1));
    if (targets.some((t) => ids.has(t))) module.setOperands(inst, [inst.word(0), ...targets.filter((t) => !ids.has(t))]);
  }
}
