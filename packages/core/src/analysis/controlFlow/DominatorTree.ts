/**
 * The dominator tree of a graph of nodes `0 .. n-1` given as successor and predecessor lists in
 * flat arrays (node `v`'s successors are `succs[succStart[v] .. succStart[v + 1])`), from one root.
 * The depth-first walk takes successors in list order, so {@link order} is the reverse postorder
 * a walk in that order gives; callers that must see the graph as spirv-val does build the lists in
 * spirv-val's order. Post-dominators are the same tree over the reversed graph.
 *
 * Cooper, Harvey and Kennedy's iterative algorithm ("A Simple, Fast Dominance Algorithm"), then
 * pre/post numbers of the tree so {@link dominates} answers in O(1). No recursion: deep graphs do
 * not overflow the stack.
 *
 * @example
 * ```ts
 * const tree = new DominatorTree(3, 0, Int32Array.of(0, 1, 2, 2), Int32Array.of(1, 2), Int32Array.of(0, 0, 1, 2), Int32Array.of(0, 1));
 * tree.dominates(1, 2); // true: the path 0 -> 1 -> 2 is the only one
 * ```
 */
export class DominatorTree {
  /** Immediate dominator of each node; the root's is itself; -1 where the root does not reach. */
  readonly idom: Int32Array;
  /** The nodes the root reaches, in reverse postorder of the walk. */
  readonly order: Int32Array;
  private readonly pre: Int32Array;
  private readonly post: Int32Array;

  constructor(n: number, root: number, succStart: Int32Array, succs: Int32Array, predStart: Int32Array, preds: Int32Array) {
    this.order = reversePostorder(n, root, succStart, succs);
    const order = this.order;
    const rpo = new Int32Array(n).fill(-1);
    for (let k = 0; k < order.length; k++) rpo[order[k]] = k;
    const idom = new Int32Array(n).fill(-1);
    idom[root] = root;
    for (let changed = true; changed;) {
      changed = false;
      for (let k = 1; k < order.length; k++) {
        const b = order[k];
        let next = -1;
        for (let e = predStart[b]; e < predStart[b + 1]; e++) {
          const p = preds[e];
          if (idom[p] < 0) continue;
          if (next < 0) {
            next = p;
            continue;
          }
          let x = p;
          let y = next;
          while (x !== y) {
            while (rpo[x] > rpo[y]) x = idom[x];
            while (rpo[y] > rpo[x]) y = idom[y];
          }
          next = x;
        }
        if (next >= 0 && idom[b] !== next) {
          idom[b] = next;
          changed = true;
        }
      }
    }
    this.idom = idom;
    // Children lists of the tree (counting sort by parent), then pre/post numbers by an explicit stack.
    const childStart = new Int32Array(n + 1);
    for (let k = 1; k < order.length; k++) childStart[idom[order[k]] + 1]++;
    for (let v = 0; v < n; v++) childStart[v + 1] += childStart[v];
    const children = new Int32Array(Math.max(order.length - 1, 0));
    const fill = childStart.slice(0, n);
    for (let k = 1; k < order.length; k++) children[fill[idom[order[k]]]++] = order[k];
    this.pre = new Int32Array(n).fill(-1);
    this.post = new Int32Array(n).fill(-1);
    const stack = new Int32Array(order.length + 1);
    const next = childStart.slice(0, n);
    let top = 0;
    let clock = 0;
    stack[0] = root;
    this.pre[root] = clock++;
    while (top >= 0) {
      const v = stack[top];
      if (next[v] < childStart[v + 1]) {
        const c = children[next[v]++];
        this.pre[c] = clock++;
        stack[++top] = c;
      } else {
        this.post[v] = clock++;
        top--;
      }
    }
  }

  /**
   * The dominator tree of a graph of nodes `0 .. n-1` with several entry nodes (a module's
   * functions): node `n` is added as the root, with an edge to each of `entries` (in that order).
   * No edge joins two entries' parts where no edge of the graph does, so dominance within each
   * part is its own; an entry's immediate dominator is `n`.
   */
  static underRoot(n: number, entries: Int32Array, succStart: Int32Array, succs: Int32Array, predStart: Int32Array, preds: Int32Array): DominatorTree {
    const isEntry = new Uint8Array(n);
    for (const e of entries) isEntry[e] = 1;
    const rootSuccStart = new Int32Array(n + 2);
    rootSuccStart.set(succStart);
    rootSuccStart[n + 1] = succStart[n] + entries.length;
    const rootSuccs = new Int32Array(succs.length + entries.length);
    rootSuccs.set(succs);
    rootSuccs.set(entries, succs.length);
    const rootPredStart = new Int32Array(n + 2);
    for (let v = 0; v < n; v++) rootPredStart[v + 1] = rootPredStart[v] + isEntry[v] + predStart[v + 1] - predStart[v];
    rootPredStart[n + 1] = rootPredStart[n];
    const rootPreds = new Int32Array(rootPredStart[n]);
    for (let v = 0; v < n; v++) {
      let at = rootPredStart[v];
      if (isEntry[v] === 1) rootPreds[at++] = n;
      for (let e = predStart[v]; e < predStart[v + 1]; e++) rootPreds[at++] = preds[e];
    }
    return new DominatorTree(n + 1, n, rootSuccStart, rootSuccs, rootPredStart, rootPreds);
  }

  /**
   * The post-dominator tree of a graph of nodes `0 .. n-1`: the dominators of the reversed graph
   * from a pseudo exit, node `n`, with an edge from each of spirv-val's exit roots (every node
   * without successors, then one node of each cycle that reaches none, in reverse node order).
   * Node `a` post-dominates `b` when `postDominators(...).dominates(a, b)`.
   */
  static postDominators(n: number, succStart: Int32Array, succs: Int32Array, predStart: Int32Array, preds: Int32Array): DominatorTree {
    const sinks = pseudoRoots(n, predStart, preds, succStart, true);
    const exitSuccStart = new Int32Array(n + 2);
    const exitPredStart = new Int32Array(n + 2);
    const isSink = new Uint8Array(n);
    for (const s of sinks) isSink[s] = 1;
    for (let l = 0; l < n; l++) {
      exitSuccStart[l + 1] = exitSuccStart[l] + predStart[l + 1] - predStart[l];
      exitPredStart[l + 1] = exitPredStart[l] + isSink[l] + succStart[l + 1] - succStart[l];
    }
    exitSuccStart[n + 1] = exitSuccStart[n] + sinks.length;
    exitPredStart[n + 1] = exitPredStart[n];
    const exitSuccs = new Int32Array(exitSuccStart[n + 1]);
    const exitPreds = new Int32Array(exitPredStart[n + 1]);
    for (let l = 0; l < n; l++) {
      for (let e = predStart[l], at = exitSuccStart[l]; e < predStart[l + 1]; e++) exitSuccs[at++] = preds[e];
      let k = exitPredStart[l];
      if (isSink[l] === 1) exitPreds[k++] = n;
      for (let e = succStart[l]; e < succStart[l + 1]; e++) exitPreds[k++] = succs[e];
    }
    exitSuccs.set(sinks, exitSuccStart[n]);
    return new DominatorTree(n + 1, n, exitSuccStart, exitSuccs, exitPredStart, exitPreds);
  }

  /** Whether the root reaches `v`. */
  reaches(v: number): boolean {
    return this.pre[v] >= 0;
  }

  /** Whether `a` dominates `b` (a node dominates itself, reached or not); false where the root reaches only one of them. */
  dominates(a: number, b: number): boolean {
    if (a === b) return true;
    if (this.pre[a] < 0 || this.pre[b] < 0) return false;
    return this.pre[a] <= this.pre[b] && this.post[b] <= this.post[a];
  }
}

/** The nodes `root` reaches, in reverse postorder of a depth-first walk taking successors in list order. */
function reversePostorder(n: number, root: number, succStart: Int32Array, succs: Int32Array): Int32Array {
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const edge = new Int32Array(n);
  const post = new Int32Array(n);
  let count = 0;
  let top = 0;
  stack[0] = root;
  edge[0] = succStart[root];
  seen[root] = 1;
  while (top >= 0) {
    const v = stack[top];
    if (edge[top] < succStart[v + 1]) {
      const s = succs[edge[top]++];
      if (seen[s] === 0) {
        seen[s] = 1;
        stack[++top] = s;
        edge[top] = succStart[s];
      }
    } else {
      post[count++] = v;
      top--;
    }
  }
  const order = new Int32Array(count);
  for (let k = 0; k < count; k++) order[k] = post[count - 1 - k];
  return order;
}

/**
 * The roots spirv-val hangs under its pseudo entry (or exit): the blocks with no edges in, then one
 * block of each group the earlier roots do not reach, walking the blocks in binary order (reverse
 * binary order for the exit), following `outStart`/`out` edges from each root.
 */
export function pseudoRoots(n: number, outStart: Int32Array, out: Int32Array, inStart: Int32Array, backwards: boolean): Int32Array {
  const seen = new Uint8Array(n);
  const stack = new Int32Array(Math.max(out.length + n, 1));
  const found: number[] = [];
  const walk = (root: number): void => {
    found.push(root);
    let top = 0;
    stack[top++] = root;
    while (top > 0) {
      const v = stack[--top];
      if (seen[v] === 1) continue;
      seen[v] = 1;
      for (let k = outStart[v]; k < outStart[v + 1]; k++) if (seen[out[k]] === 0) stack[top++] = out[k];
    }
  };
  for (let i = 0; i < n; i++) {
    const v = backwards ? n - 1 - i : i;
    if (inStart[v + 1] === inStart[v] && seen[v] === 0) walk(v);
  }
  for (let i = 0; i < n; i++) {
    const v = backwards ? n - 1 - i : i;
    if (seen[v] === 0) walk(v);
  }
  return Int32Array.from(found);
}
