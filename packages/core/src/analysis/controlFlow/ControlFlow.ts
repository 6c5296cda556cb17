import type { Block } from '../../ir/Block.js';
import type { Function } from '../../ir/Function.js';
import type { Analysis, Module } from '../../ir/Module.js';
import { SpirvError } from '../../errors/SpirvError.js';
import { Op } from '../../grammar/index.js';
import { findBlocks, type BlockStructure } from '../../words/BlockStructure.js';
import { isBlockTerminator } from '../../words/opcodePlaces.js';
import type { ModuleIndex } from '../../words/ModuleIndex.js';
import { ModuleIndexAnalysis } from '../ModuleIndexAnalysis.js';
import { ControlFlowGraph } from './ControlFlowGraph.js';
import { StructuralGraph } from './StructuralGraph.js';

/**
 * The control flow of every function of a module, over its {@link Block}s: successors and
 * predecessors, dominators and post-dominators, and the structured constructs (each header's
 * merge block and continue target, loop nesting). Built from the module's
 * {@link ModuleIndexAnalysis} by the graphs the validator checks control flow with. Read it
 * through {@link ControlFlowAnalysis}.
 *
 * @example
 * ```ts
 * const flow = module.analysis(ControlFlowAnalysis).of(fn);
 * for (const block of flow.reversePostorder()) console.log(block.id, flow.immediateDominator(block)?.id);
 * ```
 */
export class ControlFlow {
  /** @internal */
  readonly cfg: ControlFlowGraph;
  private structuralGraph: StructuralGraph | undefined;
  private readonly structure: BlockStructure;
  /** @internal */
  readonly index: ModuleIndex;
  /** Every block of the module, by its number (binary order). */
  readonly blocks: readonly Block[];
  private readonly numbers = new Map<Block, number>();
  private readonly functions = new Map<Function, FunctionControlFlow>();

  /** @internal Use {@link ControlFlowAnalysis}. */
  constructor(module: Module) {
    const { index } = module.analysis(ModuleIndexAnalysis);
    this.index = index;
    const structure = findBlocks(index);
    this.structure = structure;
    this.cfg = new ControlFlowGraph(index, structure);
    const blocks: Block[] = [];
    for (const fn of module.functions) {
      const first = blocks.length;
      for (const block of fn.blocks) {
        this.numbers.set(block, blocks.length);
        blocks.push(block);
      }
      this.functions.set(fn, new FunctionControlFlow(this, fn, first, blocks.length));
    }
    // The words are the module's encoding, so its blocks are the index's, in order; a module whose
    // layout the encoding does not keep (a block without its label) is no graph.
    const labels = structure.blockLabel;
    if (labels.length !== blocks.length || blocks.some((b, k) => index.resultId[labels[k]] !== b.id)) {
      throw new SpirvError('BAD_FUNCTION_LAYOUT', 'the functions are not made of well-formed blocks: no control-flow graph can be built');
    }
    this.blocks = blocks;
  }

  /** @internal The structural graph (merge and continue edges), built the first time a construct is asked for. */
  get structural(): StructuralGraph {
    this.structuralGraph ??= new StructuralGraph(this.index, this.structure, this.cfg);
    return this.structuralGraph;
  }

  /** The control flow of `fn`, a function of the module (SpirvError `NOT_IN_MODULE` otherwise). */
  of(fn: Function): FunctionControlFlow {
    const flow = this.functions.get(fn);
    if (flow === undefined) throw new SpirvError('NOT_IN_MODULE', `function %${fn.id} is not in the module the control flow was built for`);
    return flow;
  }

  /** @internal The number of `block`, a block of the module. */
  numberOf(block: Block): number {
    const n = this.numbers.get(block);
    if (n === undefined) throw new SpirvError('NOT_IN_MODULE', `block %${block.id} is not in the module the control flow was built for`);
    return n;
  }
}

/**
 * The control flow of one function. Dominance is the plain graph's (edges of the terminators);
 * post-dominance ends at a pseudo exit after every block that leaves the function. A block
 * nothing reaches from the entry block is dominated by nothing and dominates nothing.
 */
export class FunctionControlFlow {
  private loopHeaders: (Block | undefined)[] | undefined;

  /** @internal */
  constructor(
    private readonly flow: ControlFlow,
    readonly fn: Function,
    private readonly first: number,
    private readonly end: number,
  ) {}

  /** The function's blocks, in binary order. */
  get blocks(): readonly Block[] {
    return this.flow.blocks.slice(this.first, this.end);
  }

  /** The blocks `block` branches to, without repeats, in the terminator's order. */
  successors(block: Block): Block[] {
    const { cfg } = this.flow;
    const b = this.flow.numberOf(block);
    return Array.from(cfg.succs.subarray(cfg.succStart[b], cfg.succStart[b + 1]), (s) => this.flow.blocks[s]);
  }

  /** The blocks that branch to `block`, without repeats. */
  predecessors(block: Block): Block[] {
    const { cfg } = this.flow;
    const b = this.flow.numberOf(block);
    return Array.from(cfg.preds.subarray(cfg.predStart[b], cfg.predStart[b + 1]), (p) => this.flow.blocks[p]);
  }

  /** Whether `block` can be reached from the entry block. */
  reachable(block: Block): boolean {
    return this.flow.cfg.reachable(this.flow.numberOf(block));
  }

  /** The blocks reached from the entry block, in reverse postorder (each after its dominators). */
  reversePostorder(): Block[] {
    const order: Block[] = [];
    for (const b of this.flow.cfg.reversePostorder) if (b >= this.first && b < this.end) order.push(this.flow.blocks[b]);
    return order;
  }

  /** Whether every path from the entry block to `b` passes `a` (a reached block dominates itself). */
  dominates(a: Block, b: Block): boolean {
    return this.flow.cfg.dominates(this.flow.numberOf(a), this.flow.numberOf(b));
  }

  /** The immediate dominator of `block`; undefined for the entry block and blocks not reached. */
  immediateDominator(block: Block): Block | undefined {
    const d = this.flow.cfg.immediateDominator(this.flow.numberOf(block));
    return d < 0 ? undefined : this.flow.blocks[d];
  }

  /** Whether every path from `b` out of the function passes `a` (a block post-dominates itself). */
  postDominates(a: Block, b: Block): boolean {
    return this.flow.cfg.postDominates(this.flow.numberOf(a), this.flow.numberOf(b));
  }

  /** The immediate post-dominator of `block`; undefined where it is the pseudo exit (a block that leaves the function). */
  immediatePostDominator(block: Block): Block | undefined {
    const { cfg } = this.flow;
    const d = cfg.postDominators.idom[this.flow.numberOf(block)];
    return d < 0 || d >= cfg.blocks ? undefined : this.flow.blocks[d];
  }

  /** The merge block `header` declares (OpSelectionMerge or OpLoopMerge before its terminator), if it is a header. */
  mergeBlock(header: Block): Block | undefined {
    const m = this.flow.structural.mergeBlock[this.flow.numberOf(header)];
    return m < 0 ? undefined : this.flow.blocks[m];
  }

  /** The continue target of a loop header, if `header` is one. */
  continueTarget(header: Block): Block | undefined {
    const c = this.flow.structural.continueBlock[this.flow.numberOf(header)];
    return c < 0 ? undefined : this.flow.blocks[c];
  }

  /** Whether `block` declares a loop (OpLoopMerge before its terminator). */
  isLoopHeader(block: Block): boolean {
    const m = this.flow.structural.mergeInst[this.flow.numberOf(block)];
    return m >= 0 && this.flow.index.opcode[m] === Op.LoopMerge;
  }

  /**
   * The header of the innermost loop whose loop construct holds `block` (the blocks its header
   * dominates, but for those its merge block dominates), the header itself included; undefined
   * outside every loop.
   */
  loopHeader(block: Block): Block | undefined {
    this.loopHeaders ??= this.findLoopHeaders();
    return this.loopHeaders[this.flow.numberOf(block) - this.first];
  }

  /** How many loop constructs hold `block` (0 outside loops). */
  loopDepth(block: Block): number {
    let depth = 0;
    for (let h = this.loopHeader(block); h !== undefined; h = this.enclosingLoop(h)) depth++;
    return depth;
  }

  private enclosingLoop(header: Block): Block | undefined {
    const d = this.immediateDominator(header);
    return d === undefined ? undefined : this.loopHeader(d);
  }

  private findLoopHeaders(): (Block | undefined)[] {
    const inner: (Block | undefined)[] = new Array<Block | undefined>(this.end - this.first).fill(undefined);
    // Headers in reverse postorder: one nested in another comes after it and so overrides it.
    for (const header of this.reversePostorder()) {
      const merge = this.mergeBlock(header);
      if (!this.isLoopHeader(header) || merge === undefined) continue;
      for (let b = this.first; b < this.end; b++) {
        const block = this.flow.blocks[b];
        if (this.dominates(header, block) && !(this.reachable(merge) && this.dominates(merge, block))) inner[b - this.first] = header;
      }
    }
    return inner;
  }
}

/**
 * Opcodes that make or end blocks and functions, or declare a construct: an edit of one of these
 * changes the graph. Everything else in a body (arithmetic, loads, stores, OpPhi, debug lines)
 * leaves blocks, edges, dominators and constructs as they were.
 */
function shapesBlocks(opcode: number): boolean {
  switch (opcode) {
    case Op.Label:
    case Op.SelectionMerge:
    case Op.LoopMerge:
    case Op.Function:
    case Op.FunctionParameter:
    case Op.FunctionEnd:
      return true;
    default:
      return isBlockTerminator[opcode] !== 0;
  }
}

/**
 * The module's {@link ControlFlow}, built on first use. An edit of anything but the instructions
 * that shape blocks (see {@link shapesBlocks}) keeps it: the graph is the same, and a pass that
 * removes dead loads or folds arithmetic does not pay for a walk over the module's words again.
 * An edit of a label, a terminator, a merge instruction or a function, or bodies replaced
 * wholesale, drop it.
 *
 * @example
 * ```ts
 * const flow = module.analysis(ControlFlowAnalysis).of(module.functions[0]);
 * if (flow.dominates(defBlock, useBlock)) console.log('the definition is available');
 * ```
 */
export const ControlFlowAnalysis: Analysis<ControlFlow> = {
  name: 'control-flow',
  build: (module) => new ControlFlow(module),
  update(_flow, change) {
    if (change.kind === 'replaced') return change.place !== 'functions';
    if (change.place !== 'functions') return true;
    if (shapesBlocks(change.instruction.opcode)) return false;
    return change.kind !== 'operands' || !shapesBlocks(change.before.opcode);
  },
  snapshot(flow) {
    const lines: string[] = [];
    for (const block of flow.blocks) {
      const n = flow.numberOf(block);
      const succ = Array.from(flow.cfg.succs.subarray(flow.cfg.succStart[n], flow.cfg.succStart[n + 1]), (s) => flow.blocks[s].id);
      const idom = flow.cfg.immediateDominator(n);
      const merge = flow.structural.mergeBlock[n];
      lines.push(`%${block.id}: -> [${succ.join(' ')}] idom ${idom < 0 ? '-' : flow.blocks[idom].id} merge ${merge < 0 ? '-' : flow.blocks[merge].id}`);
    }
    return lines;
  },
};

/**
 * Whether two control flows have the same blocks, edges, immediate dominators and merge blocks:
 * what {@link ControlFlowAnalysis}'s snapshot says, compared as numbers (the consistency check's
 * fast path).
 */
export function sameControlFlow(a: ControlFlow, b: ControlFlow): boolean {
  if (a.blocks.length !== b.blocks.length) return false;
  for (let n = 0; n < a.blocks.length; n++) if (a.blocks[n] !== b.blocks[n]) return false;
  const [ga, gb] = [a.cfg, b.cfg];
  if (ga.succStart[a.blocks.length] !== gb.succStart[b.blocks.length]) return false;
  for (let n = 0; n < a.blocks.length; n++) {
    if (ga.succStart[n] !== gb.succStart[n]) return false;
    if (ga.immediateDominator(n) !== gb.immediateDominator(n)) return false;
    if (a.structural.mergeBlock[n] !== b.structural.mergeBlock[n]) return false;
  }
  for (let k = 0; k < ga.succStart[a.blocks.length]; k++) if (ga.succs[k] !== gb.succs[k]) return false;
  return true;
}
