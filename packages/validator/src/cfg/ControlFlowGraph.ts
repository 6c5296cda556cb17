import { Op } from '@spvkit/core';
import { defIndex, type ModuleScan } from '../scan/ModuleScan.js';
import type { Structure } from '../rules/layout.js';
import { DominatorTree } from './DominatorTree.js';

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
  /** Every function's dominators at once, under a root (node `blocks`) above the entry blocks. */
  private readonly dom: DominatorTree;

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
    this.dom = DominatorTree.underRoot(blocks, functionEntries(structure), succStart, this.succs, predStart, preds);
    this.idom = this.dom.idom.slice(0, blocks);
    for (let b = 0; b < blocks; b++) if (this.idom[b] === blocks) this.idom[b] = b;
  }

  /** Whether block `b` can be reached from its function's entry block. */
  reachable(b: number): boolean {
    return this.idom[b] >= 0;
  }

  /** Whether block `a` dominates block `b` (each reachable block dominates itself); false when either is unreachable. */
  dominates(a: number, b: number): boolean {
    return this.dom.reaches(a) && this.dom.reaches(b) && this.dom.dominates(a, b);
  }

  /** Whether `p` is a predecessor of `b`. */
  isPredecessor(p: number, b: number): boolean {
    for (let k = this.predStart[b]; k < this.predStart[b + 1]; k++) if (this.preds[k] === p) return true;
    return false;
  }
}

/** The entry block of each function that has blocks, in binary order. */
export function functionEntries(structure: Structure): Int32Array {
  return Int32Array.from(structure.functionBlocks.filter((f) => f.end > f.first).map((f) => f.first));
}

/** Words per case literal of an OpSwitch on `selector`: 2 for a 64-bit integer, else 1. */
function switchLiteralWords(scan: ModuleScan, selector: number): number {
  const d = defIndex(scan, selector);
  const t = d < 0 ? -1 : defIndex(scan, scan.typeId[d]);
  return t >= 0 && scan.opcode[t] === Op.TypeInt && scan.words[scan.operandStart[t]] === 64 ? 2 : 1;
}
