import { Op, type Block, type Function, type Instruction } from '@spvkit/core';

/**
 * The block's OpSelectionMerge or OpLoopMerge (the instruction before its terminator), if it is
 * the header of a structured construct.
 *
 * @example
 * ```ts
 * const merge = mergeInstructionOf(block); // OpSelectionMerge %merge None, or undefined
 * ```
 */
export function mergeInstructionOf(block: Block): Instruction | undefined {
  const list = block.instructions;
  const inst = list.length >= 2 ? list[list.length - 2] : undefined;
  return inst !== undefined && (inst.opcode === Op.SelectionMerge || inst.opcode === Op.LoopMerge) ? inst : undefined;
}

/** The block's terminator, its last instruction. */
export function terminatorOf(block: Block): Instruction {
  return block.instructions[block.instructions.length - 1];
}

/**
 * The labels a function's merge instructions name, merge blocks and continue targets both: blocks
 * the structured rules need even where no branch reaches them.
 */
export function structuredTargets(fn: Function): Set<number> {
  const targets = new Set<number>();
  for (const block of fn.blocks) {
    const merge = mergeInstructionOf(block);
    if (merge === undefined) continue;
    targets.add(merge.word(0));
    if (merge.opcode === Op.LoopMerge) targets.add(merge.word(1));
  }
  return targets;
}

/** Each block of `fn` by its label id. */
export function blocksById(fn: Function): Map<number, Block> {
  const byId = new Map<number, Block>();
  for (const block of fn.blocks) byId.set(block.id, block);
  return byId;
}

/** The block of `fn` that defines each id defined in its blocks (parameters are not in one). */
export function definingBlocks(fn: Function): Map<number, Block> {
  const byId = new Map<number, Block>();
  for (const block of fn.blocks) for (const inst of block.instructions) if (inst.resultId !== 0) byId.set(inst.resultId, block);
  return byId;
}

/** The OpPhi instructions that open `block`, in order (OpLine and other debug lines between them included as non-phis, skipped). */
export function phisOf(block: Block): Instruction[] {
  const phis: Instruction[] = [];
  for (const inst of block.instructions) {
    if (inst.opcode === Op.Phi) phis.push(inst);
    else if (inst.opcode !== Op.Line && inst.opcode !== Op.NoLine) break;
  }
  return phis;
}
