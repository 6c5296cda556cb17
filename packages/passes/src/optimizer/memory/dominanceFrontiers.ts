import type { Block, FunctionControlFlow } from '@spvkit/core';

/**
 * The dominance frontier of every reached block of a function (Cooper, Harvey and Kennedy's
 * walk): the blocks where something defined in a block stops dominating, the places an SSA
 * construction puts its OpPhis. Blocks are numbered by their place in the reverse postorder;
 * the walk from each join's predecessors up to its immediate dominator takes time linear in the
 * frontiers' total size.
 *
 * @example
 * ```ts
 * const frontiers = new DominanceFrontiers(module.analysis(ControlFlowAnalysis).of(fn));
 * for (const b of frontiers.of(frontiers.order[0]!)) console.log(b.id);
 * ```
 */
export class DominanceFrontiers {
  /** The reached blocks in reverse postorder. */
  readonly order: readonly Block[];
  /** Each reached block's number in {@link order}. */
  readonly number = new Map<Block, number>();
  /** The immediate dominator's number of each block (-1 for the entry). */
  readonly idom: Int32Array;
  private readonly frontiers: number[][];

  constructor(flow: FunctionControlFlow) {
    const order = flow.reversePostorder();
    this.order = order;
    order.forEach((b, i) => this.number.set(b, i));
    const idom = new Int32Array(order.length);
    for (let i = 0; i < order.length; i++) {
      const d = flow.immediateDominator(order[i]);
      idom[i] = d === undefined ? -1 : this.number.get(d)!;
    }
    this.idom = idom;
    const frontiers: number[][] = order.map(() => []);
    for (let b = 0; b < order.length; b++) {
      const preds = flow.predecessors(order[b]);
      if (preds.length < 2) continue;
      for (const pred of preds) {
        let runner = this.number.get(pred);
        // Each runner gets b at most once: the walks from b's predecessors stop at b's idom, and
        // the last entry tells whether an earlier walk already passed this runner.
        while (runner !== undefined && runner !== idom[b] && runner >= 0) {
          const f = frontiers[runner];
          if (f[f.length - 1] === b) break;
          f.push(b);
          runner = idom[runner];
        }
      }
    }
    this.frontiers = frontiers;
  }

  /** The numbers of the blocks in the frontier of block number `b`. */
  of(b: number): readonly number[] {
    return this.frontiers[b];
  }
}
