import { Op } from '@spvkit/core';
import { defIndex, type ModuleScan } from '../scan/ModuleScan.js';
import type { Structure } from '../rules/layout.js';

/**
 * The control-flow graph of every function of a module and its dominator trees, over the block
 * numbers of a {@link Structure} (blocks numbered in binary order across the module). Edges come
 * from the terminators (OpBranch, OpBranchConditional, OpSwitch); an edge to a block of another
 * function, or to an id that is no block, is left out (the ids and SSA rules report those).
 *
 * Built once in O(blocks + edges), held in flat typed arrays; {@link dominates} answers in O(1)
 * from pre/post numbers of the dominator tree, so the SSA rules may ask for every use.
 *
 * @example
 * ```ts
 * const cfg = new ControlFlowGraph(scan, structure);
 * if (cfg.reachable(use) && !cfg.dominates(def, use)) report(...);
 * for (let e = cfg.predStart[b]; e < cfg.predStart[b + 1]; e++) console.log(cfg.preds[e]);
 * ```
 */
export class ControlFlowGraph {
  /** Successors of block `b` are `succs[succStart[b] .. succStart[b + 1])`, without repeats. */
  readonly succStart: Int32Array;
  readonly succs: Int32Array;
  /** Predecessors of block `b` are `preds[predStart[b] .. predStart[b + 1])`, without repeats. */
  readonly predStart: Int32Array;
  readonly preds: Int32Array;
  /** Immediate dominator of each block; the entry block's is itself; -1 for an unreachable block. */
  readonly idom: Int32Array;
  private readonly pre: Int32Array;
  private readonly post: Int32Array;

  constructor(scan: ModuleScan, structure: Structure) {
    const blocks = structure.blockLabel.length;
    const blockFunction = new Int32Array(blocks);
    structure.functionBlocks.forEach((f, fn) => blockFunction.fill(fn, f.first, f.end));
    // Successors, as label ids turned into block numbers of the same function.
    const succStart = new Int32Array(blocks + 1);
    const succList: number[] = [];
    for (let b = 0; b < blocks; b++) {
      succStart[b] = succList.length;
      const t = structure.blockEnd[b];
      if (t < 0) continue;
      const op = scan.opcode[t];
      const s = scan.operandStart[t];
      const e = scan.end[t];
      const add = (label: number): void => {
        const d = defIndex(scan, label);
        if (d < 0 || scan.opcode[d] !== Op.Label) return;
        const target = structure.blockOf[d];
        if (target < 0 || blockFunction[target] !== blockFunction[b]) return;
        for (let k = succStart[b]; k < succList.length; k++) if (succList[k] === target) return;
        succList.push(target);
      };
      if (op === Op.Branch && e > s) add(scan.words[s]);
      else if (op === Op.BranchConditional && e >= s + 3) {
        add(scan.words[s + 1]);
        add(scan.words[s + 2]);
      } else if (op === Op.Switch && e >= s + 2) {
        add(scan.words[s + 1]);
        // Case literals are as wide as the selector: one word, or two for a 64-bit selector.
        const literalWords = switchLiteralWords(scan, scan.words[s]);
        for (let k = s + 2 + literalWords; k < e; k += literalWords + 1) add(scan.words[k]);
      }
    }
    succStart[blocks] = succList.length;
    this.succStart = succStart;
    this.succs = Int32Array.from(succList);
    // Predecessors: the same edges reversed (counting sort by target).
    const predStart = new Int32Array(blocks + 1);
    for (const t of this.succs) predStart[t + 1]++;
    for (let b = 0; b < blocks; b++) predStart[b + 1] += predStart[b];
    const preds = new Int32Array(this.succs.length);
    const fill = predStart.slice(0, blocks);
    for (let b = 0; b < blocks; b++) for (let k = succStart[b]; k < succStart[b + 1]; k++) preds[fill[this.succs[k]]++] = b;
    this.predStart = predStart;
    this.preds = preds;
    this.idom = new Int32Array(blocks).fill(-1);
    this.pre = new Int32Array(blocks).fill(-1);
    this.post = new Int32Array(blocks).fill(-1);
    for (const f of structure.functionBlocks) if (f.end > f.first) this.dominatorsOf(f.first);
  }

  /** Whether block `b` can be reached from its function's entry block. */
  reachable(b: number): boolean {
    return this.idom[b] >= 0;
  }

  /** Whether block `a` dominates block `b` (each reachable block dominates itself); false when either is unreachable. */
  dominates(a: number, b: number): boolean {
    if (this.pre[a] < 0 || this.pre[b] < 0) return false;
    return this.pre[a] <= this.pre[b] && this.post[b] <= this.post[a];
  }

  /** Whether `p` is a predecessor of `b`. */
  isPredecessor(p: number, b: number): boolean {
    for (let k = this.predStart[b]; k < this.predStart[b + 1]; k++) if (this.preds[k] === p) return true;
    return false;
  }

  /**
   * Dominators of the function whose entry block is `entry`, by Cooper, Harvey and Kennedy's
   * iterative algorithm ("A Simple, Fast Dominance Algorithm") over the reverse postorder.
   */
  private dominatorsOf(entry: number): void {
    const order = this.reversePostorder(entry);
    const rpo = new Map<number, number>();
    order.forEach((b, k) => rpo.set(b, k));
    const idom = this.idom;
    idom[entry] = entry;
    const intersect = (x: number, y: number): number => {
      while (x !== y) {
        while (rpo.get(x)! > rpo.get(y)!) x = idom[x];
        while (rpo.get(y)! > rpo.get(x)!) y = idom[y];
      }
      return x;
    };
    for (let changed = true; changed;) {
      changed = false;
      for (let k = 1; k < order.length; k++) {
        const b = order[k];
        let next = -1;
        for (let e = this.predStart[b]; e < this.predStart[b + 1]; e++) {
          const p = this.preds[e];
          if (idom[p] < 0) continue;
          next = next < 0 ? p : intersect(p, next);
        }
        if (next >= 0 && idom[b] !== next) {
          idom[b] = next;
          changed = true;
        }
      }
    }
    // Pre/post numbers of the dominator tree, for O(1) dominance queries.
    const children = new Map<number, number[]>();
    for (const b of order) {
      if (b === entry) continue;
      const list = children.get(idom[b]);
      if (list === undefined) children.set(idom[b], [b]);
      else list.push(b);
    }
    let clock = 0;
    const stack: number[] = [entry];
    const visited = new Set<number>();
    while (stack.length > 0) {
      const b = stack[stack.length - 1];
      if (!visited.has(b)) {
        visited.add(b);
        this.pre[b] = clock++;
        for (const c of children.get(b) ?? []) stack.push(c);
      } else {
        stack.pop();
        this.post[b] = clock++;
      }
    }
  }

  /** Blocks reachable from `entry`, in reverse postorder (iterative DFS: deep CFGs do not overflow the stack). */
  private reversePostorder(entry: number): number[] {
    const post: number[] = [];
    const seen = new Set<number>([entry]);
    const stack: [number, number][] = [[entry, this.succStart[entry]]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const [b, k] = top;
      if (k < this.succStart[b + 1]) {
        top[1] = k + 1;
        const s = this.succs[k];
        if (!seen.has(s)) {
          seen.add(s);
          stack.push([s, this.succStart[s]]);
        }
      } else {
        stack.pop();
        post.push(b);
      }
    }
    return post.reverse();
  }
}

/** Words per case literal of an OpSwitch on `selector`: 2 for a 64-bit integer, else 1. */
function switchLiteralWords(scan: ModuleScan, selector: number): number {
  const d = defIndex(scan, selector);
  const t = d < 0 ? -1 : defIndex(scan, scan.typeId[d]);
  return t >= 0 && scan.opcode[t] === Op.TypeInt && scan.words[scan.operandStart[t]] === 64 ? 2 : 1;
}
