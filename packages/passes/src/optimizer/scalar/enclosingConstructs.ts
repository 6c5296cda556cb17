import type { Block, FunctionControlFlow } from '@spvkit/core';

/**
 * Which structured construct each block of a function lies in: a header's construct is the blocks
 * it dominates but for those its merge block dominates (a merge block nothing reaches dominates
 * nothing, so such a construct is everything the header dominates). Constructs nest, so the
 * constructs holding a block are headers on its dominator-tree path, and the innermost is the
 * nearest of them: found in one walk in search order (dominators first), each block from its immediate
 * dominator's answer, a few steps up at most where constructs end. Dominance alone would put a
 * loop's merge block in a selection that breaks out of the loop (the break may be its only way
 * in) and a continue target in a selection that continues: a merge block lies where its header
 * does, a continue target in its loop, as the structured rules nest them.
 *
 * @example
 * ```ts
 * const constructs = new EnclosingConstructs(flow);
 * const header = constructs.of(block); // the header of the innermost construct around block
 * if (header !== undefined && constructs.holds(header, other)) console.log('same construct');
 * ```
 */
export class EnclosingConstructs {
  private readonly enclosing = new Map<Block, Block>();

  constructor(private readonly flow: FunctionControlFlow) {
    const order = searchOrder(flow);
    const headerOfMerge = new Map<Block, Block>();
    const loopOfContinue = new Map<Block, Block>();
    for (const block of order) {
      const merge = flow.mergeBlock(block);
      if (merge === undefined) continue;
      headerOfMerge.set(merge, block);
      const target = flow.continueTarget(block);
      if (target !== undefined && target !== block) loopOfContinue.set(target, block);
    }
    for (const block of order) {
      // Headers come before their merge blocks and continue targets (they dominate them).
      const header = headerOfMerge.get(block);
      if (header !== undefined) {
        const around = this.enclosing.get(header);
        if (around !== undefined) this.enclosing.set(block, around);
        continue;
      }
      const loop = loopOfContinue.get(block);
      if (loop !== undefined) {
        this.enclosing.set(block, loop);
        continue;
      }
      // The innermost construct holding `block` other than its own (a header's own construct
      // holds it too, but is not around it).
      for (let d = flow.immediateDominator(block); d !== undefined; d = this.enclosing.get(d)) {
        if (this.holds(d, block)) {
          this.enclosing.set(block, d);
          break;
        }
      }
    }
  }

  /** The header of the innermost construct around `block` (not `block`'s own); undefined outside every construct and for blocks nothing reaches. */
  of(block: Block): Block | undefined {
    return this.enclosing.get(block);
  }

  /** Whether `block` lies in the construct `header` declares (a header lies in its own). */
  holds(header: Block, block: Block): boolean {
    const merge = this.flow.mergeBlock(header);
    return merge !== undefined && this.flow.dominates(header, block) && !this.flow.dominates(merge, block);
  }
}

/**
 * The blocks reached from the function's entry, each after its dominators: any search from the
 * entry finds a block's dominators first (every path to it passes them). One walk of the
 * function's own blocks; the control flow's reverse postorder would walk the module's.
 */
function searchOrder(flow: FunctionControlFlow): Block[] {
  const entry = flow.fn.blocks[0];
  if (entry === undefined) return [];
  const order: Block[] = [entry];
  const seen = new Set<Block>(order);
  for (let i = 0; i < order.length; i++) {
    for (const s of flow.successors(order[i])) {
      if (seen.has(s)) continue;
      seen.add(s);
      order.push(s);
    }
  }
  return order;
}
