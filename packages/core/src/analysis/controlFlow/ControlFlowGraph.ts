import { Op } from '../../grammar/index.js';
import { definitionOf, type ModuleIndex } from '../../words/ModuleIndex.js';
import type { BlockStructure } from '../../words/BlockStructure.js';
import { DominatorTree } from './DominatorTree.js';

/**
 * The control-flow graph of every function of a module and its dominator trees, over the block
 * numbers of a {@link BlockStructure} (blocks numbered in binary order across the module). Edges come
 * from the terminators (OpBranch, OpBranchConditional, OpSwitch); an edge to a block of another
 * function, or to an id that is no block, is left out (the ids and SSA rules report those).
 *
 * Built once in O(blocks + edges), held in flat typed arrays; {@link dominates} answers in O(1)
 * from pre/post numbers of the dominator tree, so the SSA rules may ask for every use.
 *
 * @example
 * ```ts
 * const cfg = new ControlFlowGraph(index, structure);
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
  /** How many blocks the module has (block numbers are `0 .. blocks - 1`). */
  readonly blocks: number;
  /** Every function's dominators at once, under a root (node `blocks`) above the entry blocks. */
  private readonly dom: DominatorTree;
  private postDom: DominatorTree | undefined;

  constructor(index: ModuleIndex, structure: BlockStructure) {
    const blocks = structure.blockLabel.length;
    this.blocks = blocks;
    const blockFunction = new Int32Array(blocks);
    structure.functionBlocks.forEach((f, fn) => blockFunction.fill(fn, f.first, f.end));
    // Successors, as label ids turned into block numbers of the same function.
    const succStart = new Int32Array(blocks + 1);
    const succList: number[] = [];
    for (let b = 0; b < blocks; b++) {
      succStart[b] = succList.length;
      const t = structure.blockEnd[b];
      if (t < 0) continue;
      const op = index.opcode[t];
      const s = index.operandStart[t];
      const e = index.end[t];
      const add = (label: number): void => {
        const d = definitionOf(index, label);
        if (d < 0 || index.opcode[d] !== Op.Label) return;
        const target = structure.blockOf[d];
        if (target < 0 || blockFunction[target] !== blockFunction[b]) return;
        for (let k = succStart[b]; k < succList.length; k++) if (succList[k] === target) return;
        succList.push(target);
      };
      if (op === Op.Branch && e > s) add(index.words[s]);
      else if (op === Op.BranchConditional && e >= s + 3) {
        add(index.words[s + 1]);
        add(index.words[s + 2]);
      } else if (op === Op.Switch && e >= s + 2) {
        add(index.words[s + 1]);
        // Case literals are as wide as the selector: one word, or two for a 64-bit selector.
        const literalWords = switchLiteralWords(index, index.words[s]);
        for (let k = s + 2 + literalWords; k < e; k += literalWords + 1) add(index.words[k]);
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

  /**
   * The post-dominator tree of every function at once, built on first use: node
   * {@link blocks} is a pseudo exit after each block without successors (and one block of each
   * cycle that never leaves).
   */
  get postDominators(): DominatorTree {
    this.postDom ??= DominatorTree.postDominators(this.blocks, this.succStart, this.succs, this.predStart, this.preds);
    return this.postDom;
  }

  /** Whether block `a` post-dominates block `b`: every path from `b` to an exit passes `a` (each block post-dominates itself). */
  postDominates(a: number, b: number): boolean {
    return this.postDominators.dominates(a, b);
  }

  /** The immediate dominator of block `b`, or -1 for an entry block or one not reached. */
  immediateDominator(b: number): number {
    const d = this.idom[b];
    return d === b ? -1 : d;
  }

  /** The blocks reached from the entry blocks, function by function, each function's in reverse postorder. */
  get reversePostorder(): Int32Array {
    // The walk starts at the root above the entry blocks, first in its own order.
    return this.dom.order.subarray(1);
  }

  /** Whether `p` is a predecessor of `b`. */
  isPredecessor(p: number, b: number): boolean {
    for (let k = this.predStart[b]; k < this.predStart[b + 1]; k++) if (this.preds[k] === p) return true;
    return false;
  }
}

/** The entry block of each function that has blocks, in binary order. */
export function functionEntries(structure: BlockStructure): Int32Array {
  return Int32Array.from(structure.functionBlocks.filter((f) => f.end > f.first).map((f) => f.first));
}

/** Words per case literal of an OpSwitch on `selector`: 2 for a 64-bit integer, else 1. */
function switchLiteralWords(index: ModuleIndex, selector: number): number {
  const d = definitionOf(index, selector);
  const t = d < 0 ? -1 : definitionOf(index, index.typeId[d]);
  return t >= 0 && index.opcode[t] === Op.TypeInt && index.words[index.operandStart[t]] === 64 ? 2 : 1;
}
