/**
 * Dominance on a graph that exists only as a plan: nodes are numbers (the label ids of blocks,
 * or negative stand-ins for blocks not made yet), edges a successor list per node. A pass checks
 * with it that the function it is about to build still has every definition dominating its uses,
 * before making any edit.
 *
 * @example
 * ```ts
 * const dom = new PlannedDominance(entry, (n) => successors.get(n) ?? []);
 * if (!dom.dominates(defBlock, useBlock)) return undefined;
 * ```
 */
export class PlannedDominance {
  private readonly order = new Map<number, number>();
  private readonly idom = new Map<number, number>();

  constructor(entry: number, successors: (node: number) => readonly number[]) {
    // Reverse postorder by an explicit stack, then the iterative algorithm of Cooper, Harvey and Kennedy.
    const post: number[] = [];
    const seen = new Set<number>([entry]);
    const stack: { node: number; next: number }[] = [{ node: entry, next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const succs = successors(top.node);
      if (top.next < succs.length) {
        const s = succs[top.next++];
        if (!seen.has(s)) {
          seen.add(s);
          stack.push({ node: s, next: 0 });
        }
      } else {
        post.push(top.node);
        stack.pop();
      }
    }
    const rpo = post.reverse();
    rpo.forEach((n, i) => this.order.set(n, i));
    const preds = new Map<number, number[]>();
    for (const n of rpo) {
      for (const s of successors(n)) {
        let list = preds.get(s);
        if (list === undefined) preds.set(s, (list = []));
        list.push(n);
      }
    }
    this.idom.set(entry, entry);
    for (let changed = true; changed;) {
      changed = false;
      for (const n of rpo) {
        if (n === entry) continue;
        let next: number | undefined;
        for (const p of preds.get(n) ?? []) {
          if (!this.idom.has(p)) continue;
          next = next === undefined ? p : this.intersect(p, next);
        }
        if (next !== undefined && this.idom.get(n) !== next) {
          this.idom.set(n, next);
          changed = true;
        }
      }
    }
  }

  /** Whether the entry reaches `node`. */
  reaches(node: number): boolean {
    return this.order.has(node);
  }

  /** Whether every path from the entry to `b` passes `a` (both reached). */
  dominates(a: number, b: number): boolean {
    if (!this.order.has(a) || !this.order.has(b)) return false;
    const at = this.order.get(a)!;
    for (let n = b; ;) {
      if (n === a) return true;
      if (this.order.get(n)! <= at) return false;
      const up = this.idom.get(n)!;
      if (up === n) return false;
      n = up;
    }
  }

  private intersect(a: number, b: number): number {
    let x = a;
    let y = b;
    while (x !== y) {
      while (this.order.get(x)! > this.order.get(y)!) x = this.idom.get(x)!;
      while (this.order.get(y)! > this.order.get(x)!) y = this.idom.get(y)!;
    }
    return x;
  }
}
