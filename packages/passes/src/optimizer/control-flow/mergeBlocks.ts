import { ControlFlowAnalysis, Op, UNCHANGED, replaceAllUsesWith, type Block, type Function, type Instruction, type Module, type Pass } from '@spvkit/core';
import { forgetIds } from './blockEdits.js';
import { mergeInstructionOf, phisOf, structuredTargets, terminatorOf } from './structuredBlocks.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const MERGE_BLOCKS = 'merge-blocks';

/** A block and the successors it absorbs, in order: each the only successor of the one before, which is its only predecessor. */
interface Chain {
  readonly head: Block;
  readonly absorbed: Block[];
  /** The successors of the last absorbed block, whose OpPhis name it as a parent. */
  readonly after: Block[];
}

/**
 * `merge-blocks`: a block that ends in an OpBranch to a block it is the only predecessor of
 * absorbs that block (its OpPhis, each with one incoming value, become that value), as spirv-opt's
 * merge-blocks; chains merge into their first block.
 *
 * Left alone, to keep the structured rules: a successor that is a merge block or continue target
 * (spirv-opt moves the construct's merge onto the predecessor; this pass does not), a loop header,
 * a successor with a merge instruction of its own when the predecessor is a loop header (one block
 * cannot head two constructs), a loop header whose successor ends in anything but a branch (its
 * OpLoopMerge must precede one), and unreachable blocks.
 *
 * @example
 * ```ts
 * runPasses(module, ['merge-blocks']);
 * ```
 */
export const mergeBlocks: Pass = {
  name: MERGE_BLOCKS,
  description: 'merge each block with its only successor when it is that block’s only predecessor',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const plans: { fn: Function; chains: Chain[] }[] = [];
    for (const fn of module.functions) {
      const chains = findChains(module, fn);
      if (chains.length > 0) plans.push({ fn, chains });
    }
    if (plans.length === 0) return UNCHANGED;
    // The names and decorations of the absorbed labels and OpPhis go first, in one sweep: replacing
    // their uses would move them.
    const gone = new Set<number>();
    for (const { chains } of plans) {
      for (const { absorbed } of chains) {
        for (const block of absorbed) {
          gone.add(block.id);
          for (const inst of block.instructions) if (inst.opcode === Op.Phi) gone.add(inst.resultId);
        }
      }
    }
    forgetIds(module, gone);
    for (const { fn, chains } of plans) apply(module, fn, chains);
    return { changed: true, diagnostics: [] };
  },
};

function findChains(module: Module, fn: Function): Chain[] {
  if (fn.blocks.length < 2) return [];
  const flow = module.analysis(ControlFlowAnalysis).of(fn);
  const structural = structuredTargets(fn);
  const entry = fn.blocks[0];
  const absorbedSomewhere = new Set<Block>();
  const chains: Chain[] = [];
  for (const head of fn.blocks) {
    if (absorbedSomewhere.has(head) || !flow.reachable(head)) continue;
    const loopHeader = mergeInstructionOf(head)?.opcode === Op.LoopMerge;
    const absorbed: Block[] = [];
    let last = head;
    for (;;) {
      const branch = terminatorOf(last);
      if (branch.opcode !== Op.Branch) break;
      const [next] = flow.successors(last);
      if (next === undefined || next === entry || next === head || structural.has(next.id)) break;
      const preds = flow.predecessors(next);
      if (preds.length !== 1 || preds[0] !== last || flow.isLoopHeader(next)) break;
      const nextMerge = mergeInstructionOf(next);
      if (nextMerge?.opcode === Op.LoopMerge) break;
      if (loopHeader) {
        const end = terminatorOf(next).opcode;
        if (nextMerge !== undefined || (end !== Op.Branch && end !== Op.BranchConditional)) break;
      }
      absorbed.push(next);
      absorbedSomewhere.add(next);
      last = next;
      if (nextMerge !== undefined) break;
    }
    if (absorbed.length > 0) chains.push({ head, absorbed, after: flow.successors(last) });
  }
  return chains;
}

function apply(module: Module, fn: Function, chains: readonly Chain[]): void {
  const gone = new Set<Block>();
  const phiValues: { phi: number; value: number }[] = [];
  for (const { head, absorbed, after } of chains) {
    // The OpPhis after the chain name its last block as their parent: now the head.
    const last = absorbed[absorbed.length - 1].id;
    for (const block of after) {
      for (const phi of phisOf(block)) {
        for (let i = 1; i < phi.operandCount; i += 2) if (phi.word(i) === last) module.setOperand(phi, i, head.id);
      }
    }
    const before = head.instructions;
    const loopMerge = mergeInstructionOf(head);
    const merged: Instruction[] = before.slice(0, before.length - (loopMerge !== undefined ? 2 : 1));
    const left: Instruction[] = [before[before.length - 1]];
    const moved: Instruction[] = [];
    absorbed.forEach((block, k) => {
      const list = block.instructions;
      const end = k === absorbed.length - 1 ? list.length : list.length - 1;
      for (let i = 0; i < end; i++) {
        const inst = list[i];
        if (inst.opcode === Op.Phi) {
          phiValues.push({ phi: inst.resultId, value: inst.word(0) });
          left.push(inst);
        } else moved.push(inst);
      }
      if (end < list.length) left.push(list[end]);
      gone.add(block);
    });
    merged.push(...moved);
    if (loopMerge !== undefined) merged.splice(merged.length - 1, 0, loopMerge);
    head.instructions = merged;
    // The module finds an instruction by the array it was last seen in (checked with indexOf):
    // emptied, the old arrays no longer hold the moved instructions, so an edit of one looks again.
    before.length = 0;
    for (const block of absorbed) block.instructions.length = 0;
    for (const inst of left) module.changed({ kind: 'removed', place: 'functions', instruction: inst });
    // The moved instructions stay in the function with their operands: what the analyses know of
    // them holds (announcing each as removed and added again would cost a scan of the use list of
    // every id they use, %uint's among them). The labels that went drop the control flow.
    for (const block of absorbed) module.changed({ kind: 'removed', place: 'functions', instruction: block.label });
  }
  fn.blocks = fn.blocks.filter((b) => !gone.has(b));
  // Replacing the OpPhis' uses takes the def-use tables, built only when some absorbed block has one.
  const replaced = new Map<number, number>();
  for (const { phi, value } of phiValues) {
    let v = value;
    for (let r = replaced.get(v); r !== undefined; r = replaced.get(v)) v = r;
    replaceAllUsesWith(module, phi, v);
    replaced.set(phi, v);
  }
}
