import { Op } from '../../grammar/index.js';
import { definitionOf, type ModuleIndex } from '../../words/ModuleIndex.js';
import type { BlockStructure } from '../../words/BlockStructure.js';
import { functionEntries, type ControlFlowGraph } from './ControlFlowGraph.js';
import { DominatorTree, pseudoRoots } from './DominatorTree.js';

/**
 * The module's control flow as the structured rules see it (SPIR-V 2.11), every function at once
 * (no edge crosses functions, so one walk serves them all and its loops run hot): blocks by their
 * module-wide number (binary order), each header's merge block and continue
 * target, and the *structural* graph, where a header also leads to its merge block and continue
 * target (ahead of its branch targets, as spirv-val registers them), with its dominators,
 * post-dominators and back edges. A block is a header where an OpSelectionMerge or OpLoopMerge
 * is the instruction right before its terminator; a merge instruction elsewhere is the placement
 * rule's finding, and is no header here.
 *
 * Where spirv-val needs a root for blocks nothing reaches, it adds a pseudo entry (before every
 * block without predecessors, then one block of each cycle nothing else reaches, in binary order)
 * and a pseudo exit (after every block without successors, then one block of each cycle that
 * reaches no such block, in reverse binary order); so does this, so that back edges and
 * post-dominators come out as spirv-val's. One pseudo exit (node `n`) serves every function, as
 * does one root (node `n`) above the functions' entry blocks for the dominators: neither joins
 * two functions' blocks in any dominance between them.
 *
 * @example
 * ```ts
 * const g = new StructuralGraph(index, structure, cfg);
 * for (let h = 0; h < g.n; h++) if (g.mergeBlock[h] >= 0 && !g.dom.dominates(h, g.mergeBlock[h])) report(h);
 * ```
 */
export class StructuralGraph {
  /** Always 0: block numbers are the module's (kept so that `first + l` reads as a block of the structure). */
  readonly first = 0;
  /** How many blocks the module has. */
  readonly n: number;
  /** Per block: the merge instruction right before its terminator, or -1 (no header). */
  readonly mergeInst: Int32Array;
  /** Per block: its merge block (a block of this function), or -1. */
  readonly mergeBlock: Int32Array;
  /** Per loop header: its continue target (a block of this function), or -1. */
  readonly continueBlock: Int32Array;
  /** Per block: the headers declaring it their merge block are `mergeHeaders[mergeHeaderStart[l] .. mergeHeaderStart[l + 1])`, in binary order. */
  readonly mergeHeaderStart: Int32Array;
  readonly mergeHeaders: Int32Array;
  /** Per block: the last loop header (in binary order) naming it its continue target, or -1. */
  readonly continueHeader: Int32Array;
  /** Structural successors: merge block, continue target, then the branch targets. */
  readonly succStart: Int32Array;
  readonly succs: Int32Array;
  /** Structural dominators from the functions' entry blocks (under node `n`); `dom.order` is the reverse postorder spirv-val walks, function by function. */
  readonly dom: DominatorTree;
  /** Structural post-dominators: node `n` is the pseudo exit. */
  readonly postDom: DominatorTree;
  private readonly entered: Int32Array;
  private readonly left: Int32Array;

  constructor(index: ModuleIndex, structure: BlockStructure, cfg: ControlFlowGraph) {
    const first = 0;
    const n = structure.blockLabel.length;
    this.n = n;
    // A label of the same function as block `l` (merge operands naming others are the merge-label rule's).
    const local = (label: number, l: number): number => {
      const d = definitionOf(index, label);
      if (d < 0 || index.opcode[d] !== Op.Label) return -1;
      const b = structure.blockOf[d];
      return b >= 0 && structure.functionOf[d] === structure.functionOf[structure.blockLabel[l]] ? b : -1;
    };
    this.mergeInst = new Int32Array(n).fill(-1);
    this.mergeBlock = new Int32Array(n).fill(-1);
    this.continueBlock = new Int32Array(n).fill(-1);
    this.continueHeader = new Int32Array(n).fill(-1);
    const mergeCount = new Int32Array(n + 1);
    for (let l = 0; l < n; l++) {
      const t = structure.blockEnd[first + l];
      const m = t - 1;
      if (t < 0 || m <= structure.blockLabel[first + l]) continue;
      const op = index.opcode[m];
      if (op !== Op.SelectionMerge && op !== Op.LoopMerge) continue;
      const s = index.operandStart[m];
      if (index.end[m] <= s) continue;
      this.mergeInst[l] = m;
      const merge = local(index.words[s], l);
      this.mergeBlock[l] = merge;
      if (merge >= 0) mergeCount[merge + 1]++;
      if (op === Op.LoopMerge && index.end[m] > s + 1) {
        const cont = local(index.words[s + 1], l);
        this.continueBlock[l] = cont;
        if (cont >= 0) this.continueHeader[cont] = l;
      }
    }
    for (let l = 0; l < n; l++) mergeCount[l + 1] += mergeCount[l];
    this.mergeHeaderStart = mergeCount;
    this.mergeHeaders = new Int32Array(mergeCount[n]);
    const fillMerge = mergeCount.slice(0, n);
    for (let l = 0; l < n; l++) if (this.mergeBlock[l] >= 0) this.mergeHeaders[fillMerge[this.mergeBlock[l]]++] = l;

    // Structural successors, in spirv-val's order: merge, continue, then the branch targets.
    const succStart = new Int32Array(n + 1);
    for (let l = 0; l < n; l++) {
      const g = first + l;
      succStart[l + 1] = succStart[l] + (this.mergeBlock[l] >= 0 ? 1 : 0) + (this.continueBlock[l] >= 0 ? 1 : 0) + cfg.succStart[g + 1] - cfg.succStart[g];
    }
    const succs = new Int32Array(succStart[n]);
    for (let l = 0, k = 0; l < n; l++) {
      if (this.mergeBlock[l] >= 0) succs[k++] = this.mergeBlock[l];
      if (this.continueBlock[l] >= 0) succs[k++] = this.continueBlock[l];
      const g = first + l;
      for (let e = cfg.succStart[g]; e < cfg.succStart[g + 1]; e++) succs[k++] = cfg.succs[e] - first;
    }
    this.succStart = succStart;
    this.succs = succs;
    const { start: predStart, list: preds } = reverse(n, succStart, succs);
    // Dominators: a root (node n) above every function's entry block.
    this.dom = DominatorTree.underRoot(n, functionEntries(structure), succStart, succs, predStart, preds);

    // Post-dominators: the reversed graph from a pseudo exit (node n).
    this.postDom = DominatorTree.postDominators(n, succStart, succs, predStart, preds);

    // Back edges: a walk from a pseudo entry before the sources; an edge into a block still on
    // the walk's stack (an ancestor in its tree) is a back edge.
    this.entered = new Int32Array(n).fill(-1);
    this.left = new Int32Array(n).fill(-1);
    const sources = pseudoRoots(n, succStart, succs, predStart, false);
    const stack = new Int32Array(n);
    const edge = new Int32Array(n);
    let clock = 0;
    for (const source of sources) {
      if (this.entered[source] >= 0) continue;
      let top = 0;
      stack[0] = source;
      edge[0] = succStart[source];
      this.entered[source] = clock++;
      while (top >= 0) {
        const v = stack[top];
        if (edge[top] < succStart[v + 1]) {
          const s = succs[edge[top]++];
          if (this.entered[s] < 0) {
            this.entered[s] = clock++;
            stack[++top] = s;
            edge[top] = succStart[s];
          }
        } else {
          this.left[v] = clock++;
          top--;
        }
      }
    }
  }

  /** Whether the branch from block `from` to block `to` is a back edge: `to` is on the walk's path to `from`. */
  isBackEdge(from: number, to: number): boolean {
    return this.entered[to] <= this.entered[from] && this.left[from] <= this.left[to];
  }

  /** Whether block `l` is structurally reachable (from its function's entry block, along structural edges). */
  reachable(l: number): boolean {
    return this.dom.reaches(l);
  }

  /** Block `l`'s immediate structural dominator, or -1 (an entry block, or one not reached). */
  idom(l: number): number {
    const d = this.dom.idom[l];
    return d === this.n ? -1 : d;
  }
}

/** Predecessor lists of the graph (counting sort by target). */
function reverse(n: number, succStart: Int32Array, succs: Int32Array): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(n + 1);
  for (let k = 0; k < succs.length; k++) start[succs[k] + 1]++;
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const list = new Int32Array(succs.length);
  const fill = start.slice(0, n);
  for (let v = 0; v < n; v++) for (let k = succStart[v]; k < succStart[v + 1]; k++) list[fill[succs[k]]++] = v;
  return { start, list };
}
