import { type StructuralGraph } from '@spvkit/core';

/** The kinds of construct whose blocks and exits the rules check (a case construct is the switch rules'). */
export const enum ConstructKind {
  Selection,
  Loop,
  Continue,
}

/** How messages call each kind. */
export const CONSTRUCT_NAMES = ['selection', 'loop', 'continue'] as const;

/**
 * The blocks of one construct at a time (SPIR-V 2.11, with spirv-val's structural reading): those
 * the header structurally dominates and its exit (merge block, or the continue construct's
 * back-edge block) does not, a loop's less those its continue target dominates, a continue
 * construct's plus those the back-edge block post-dominates; found by a walk from the header along
 * structural edges that stops at blocks outside. One instance serves every construct of a
 * function: membership is a stamp per block, so collecting allocates nothing.
 *
 * @example
 * ```ts
 * const blocks = new ConstructBlocks(g);
 * blocks.collect(ConstructKind.Selection, header, merge, -1);
 * for (let k = 0; k < blocks.count; k++) if (!blocks.has(succ)) ...;
 * ```
 */
export class ConstructBlocks {
  /** The blocks collected last: `list[0 .. count)`, the header first. */
  readonly list: Int32Array;
  count = 0;
  private readonly mark: Int32Array;
  private readonly tested: Int32Array;
  private readonly stack: Int32Array;
  private stamp = 0;

  constructor(private readonly g: StructuralGraph) {
    this.list = new Int32Array(g.n);
    this.mark = new Int32Array(g.n);
    this.tested = new Int32Array(g.n);
    this.stack = new Int32Array(g.succs.length + 1);
  }

  /** Collects the construct headed by `header` with exit block `exit`; `continueTarget` is a loop's (else unused). */
  collect(kind: ConstructKind, header: number, exit: number, continueTarget: number): void {
    const { g, mark, tested, stack, list } = this;
    const stamp = ++this.stamp;
    let count = 0;
    let top = 0;
    stack[top++] = header;
    while (top > 0) {
      const b = stack[--top];
      if (tested[b] === stamp) continue;
      tested[b] = stamp;
      if (!g.dom.dominates(header, b)) continue;
      let include = false;
      if (kind === ConstructKind.Continue && g.postDom.dominates(exit, b)) include = true;
      else if (!g.dom.dominates(exit, b)) include = !(kind === ConstructKind.Loop && g.dom.dominates(continueTarget, b));
      if (!include) continue;
      mark[b] = stamp;
      list[count++] = b;
      for (let k = g.succStart[b]; k < g.succStart[b + 1]; k++) if (tested[g.succs[k]] !== stamp) stack[top++] = g.succs[k];
    }
    this.count = count;
  }

  /** Whether block `l` is in the construct collected last. */
  has(l: number): boolean {
    return this.mark[l] === this.stamp;
  }
}
