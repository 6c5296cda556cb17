import {
  ControlFlowAnalysis,
  Instruction,
  Op,
  UNCHANGED,
  replaceAllUsesWith,
  type Block,
  type Function,
  type FunctionControlFlow,
  type Module,
  type Pass,
} from '@spvkit/core';
import { emptyBlock, forgetIds, removeBlocks } from './blockEdits.js';
import { constantBranchTarget, isHeaderlessConditional } from './constantBranches.js';
import { globalDefinitions } from './globalDefinitions.js';
import { keptIncoming } from './phiIncoming.js';
import { blocksById, mergeInstructionOf, phisOf, terminatorOf } from './structuredBlocks.js';
import { UndefValues } from './undefValues.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const ELIMINATE_DEAD_BRANCHES = 'eliminate-dead-branches';

/** Stands for "an OpUndef of the phi's type" in planned operand words (0 is never an id). */
const UNDEF = 0;

/** Everything one function's edit takes, found before any edit (the control flow is the original's). */
interface DeadBranchPlan {
  readonly fn: Function;
  /** Blocks whose branch on a constant becomes an OpBranch to this block. */
  readonly simplified: Map<Block, Block>;
  /** Merge blocks and continue targets nothing reaches any more: emptied to this terminator. */
  readonly emptied: Map<Block, Instruction>;
  readonly dead: Set<Block>;
  readonly phis: { phi: Instruction; words: number[] }[];
  /** OpPhis left with one incoming value: replaced by it. */
  readonly single: { phi: Instruction; value: number }[];
}

/**
 * `eliminate-dead-branches`: as spirv-opt's, an OpBranchConditional on a constant condition or an
 * OpSwitch on a constant selector becomes an OpBranch to the target taken, and the blocks no
 * longer reached go. A selection header whose branch became unconditional loses its
 * OpSelectionMerge; a loop header keeps its OpLoopMerge, and a merge block or continue target of a
 * kept header that nothing reaches stays, emptied to `OpUnreachable` (a merge block) or a branch
 * back to its header (a continue target). OpPhis drop the edges that went; one left with a single
 * incoming value is replaced by it.
 *
 * Left alone, to keep structured control flow valid: a back edge whose constant would leave the
 * loop (each loop keeps its back edge), a selection header whose construct holds a conditional
 * branch without a merge instruction of its own (spirv-opt moves the merge instruction there;
 * this pass keeps the branch as it is), a selection header whose merge block a construct nested
 * in it breaks to, and branches on spec constants.
 *
 * @example
 * ```ts
 * runPasses(module, ['eliminate-dead-branches']);
 * ```
 */
export const eliminateDeadBranches: Pass = {
  name: ELIMINATE_DEAD_BRANCHES,
  description: 'turn branches on constants into unconditional ones and remove the blocks they no longer reach',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const globals = globalDefinitions(module);
    const plans: DeadBranchPlan[] = [];
    for (const fn of module.functions) {
      const plan = planFunction(module, globals, fn);
      if (plan !== undefined) plans.push(plan);
    }
    if (plans.length === 0) return UNCHANGED;
    const undefs = new UndefValues(module);
    // Names and decorations of the OpPhis to replace go first (replacing every use would move
    // them), those of everything removed at the end: one sweep of the debug sections each.
    const replacedPhis = new Set<number>();
    for (const plan of plans) for (const { phi } of plan.single) replacedPhis.add(phi.resultId);
    forgetIds(module, replacedPhis);
    const gone = new Set<number>();
    for (const plan of plans) apply(module, undefs, plan, gone);
    forgetIds(module, gone);
    return { changed: true, diagnostics: [] };
  },
};

function planFunction(module: Module, globals: ReadonlyMap<number, Instruction>, fn: Function): DeadBranchPlan | undefined {
  const byId = blocksById(fn);
  const targets = new Map<Block, Block>();
  for (const block of fn.blocks) {
    const target = constantBranchTarget(globals, terminatorOf(block));
    const to = target === undefined ? undefined : byId.get(target);
    if (to !== undefined) targets.set(block, to);
  }
  if (targets.size === 0) return undefined;
  const flow = module.analysis(ControlFlowAnalysis).of(fn);
  const simplified = chooseSimplified(fn, flow, byId, targets);
  if (simplified.size === 0) return undefined;

  // Live: reached from the entry along the edges that stay.
  const live = new Set<Block>([fn.blocks[0]]);
  const work: Block[] = [fn.blocks[0]];
  while (work.length > 0) {
    const block = work.pop()!;
    const only = simplified.get(block);
    for (const s of only !== undefined ? [only] : flow.successors(block)) {
      if (!live.has(s)) {
        live.add(s);
        work.push(s);
      }
    }
  }

  // Merge blocks and continue targets of the headers that stay, which the rules still need: kept,
  // emptied unless they already are as they would be.
  const structural = new Set<Block>();
  const emptied = new Map<Block, Instruction>();
  const continueHeader = new Map<Block, Block>();
  for (const block of live) {
    const merge = mergeInstructionOf(block);
    if (merge === undefined || (merge.opcode === Op.SelectionMerge && simplified.has(block))) continue;
    const mergeBlock = byId.get(merge.word(0));
    if (mergeBlock !== undefined && !live.has(mergeBlock)) {
      structural.add(mergeBlock);
      emptied.set(mergeBlock, new Instruction(Op.Unreachable));
    }
    if (merge.opcode === Op.LoopMerge) {
      const cont = byId.get(merge.word(1));
      if (cont !== undefined && !live.has(cont)) {
        structural.add(cont);
        emptied.set(cont, new Instruction(Op.Branch, 0, 0, [block.id]));
        continueHeader.set(cont, block);
      }
    }
  }
  for (const [block, terminator] of emptied) {
    const only = block.instructions.length === 1 ? block.instructions[0] : undefined;
    if (only !== undefined && only.opcode === terminator.opcode && (only.opcode === Op.Unreachable || only.word(0) === terminator.word(0)))
      emptied.delete(block);
  }

  const dead = new Set<Block>();
  const deadIds = new Set<number>();
  for (const block of fn.blocks) {
    if (live.has(block) || (structural.has(block) && !emptied.has(block))) continue;
    if (!structural.has(block)) {
      dead.add(block);
      deadIds.add(block.id);
    }
    for (const inst of block.instructions) {
      if (inst.resultId === 0) continue;
      deadIds.add(inst.resultId);
    }
  }
  // A live block uses a removed value only through an OpPhi: a removed block dominates no live
  // one (every path to a live block is a live path), and an emptied merge block or continue target
  // dominates only blocks nothing reaches either, so no other use needs looking for.

  // Which edges into live blocks stay.
  const edgeStays = (parent: Block | undefined, block: Block): boolean => {
    if (parent === undefined) return false;
    if (continueHeader.get(parent) === block) return true;
    if (!live.has(parent)) return false;
    const only = simplified.get(parent);
    return only === undefined || only === block;
  };
  const continueOfHeader = new Map<Block, Block>();
  for (const [cont, header] of continueHeader) continueOfHeader.set(header, cont);
  const phis: { phi: Instruction; words: number[] }[] = [];
  const single: { phi: Instruction; value: number }[] = [];
  for (const block of live) {
    for (const phi of phisOf(block)) {
      const words = keptIncoming(
        phi,
        (parent) => edgeStays(byId.get(parent), block),
        (value) => (deadIds.has(value) ? UNDEF : value),
      );
      // An emptied continue target becomes the header's one back edge: its value is undefined.
      const cont = continueOfHeader.get(block);
      let edited = words;
      if (cont !== undefined && !incomingFrom(edited ?? phi.operands, cont.id)) edited = [...(edited ?? phi.operands), UNDEF, cont.id];
      if (edited === undefined) continue;
      if (edited.length === 0) return undefined;
      if (edited.length === 2 && edited[0] !== phi.resultId && !flow.isLoopHeader(block)) single.push({ phi, value: edited[0] });
      else phis.push({ phi, words: edited });
    }
  }
  return { fn, simplified, emptied, dead, phis, single };
}

/** Whether the OpPhi operand words name `parent` as an incoming block. */
function incomingFrom(words: ArrayLike<number>, parent: number): boolean {
  for (let i = 1; i < words.length; i += 2) if (words[i] === parent) return true;
  return false;
}

/** The blocks whose constant branch can become unconditional without breaking the structured rules. */
function chooseSimplified(fn: Function, flow: FunctionControlFlow, byId: Map<number, Block>, targets: Map<Block, Block>): Map<Block, Block> {
  // Each loop's continue target, and the conditional branches that lean on an enclosing construct.
  const continueOf = new Map<Block, Block>();
  const headerless: Block[] = [];
  for (const block of fn.blocks) {
    const merge = mergeInstructionOf(block);
    if (merge?.opcode === Op.LoopMerge) {
      const cont = byId.get(merge.word(1));
      if (cont !== undefined) continueOf.set(cont, block);
    }
    if (isHeaderlessConditional(block)) headerless.push(block);
  }
  const simplified = new Map<Block, Block>();
  for (const [block, target] of targets) {
    if (!flow.reachable(block)) continue;
    // A back edge stays unless the constant takes it: every loop keeps its one back edge.
    const header = continueOf.get(block);
    if (header !== undefined && target !== header) continue;
    let leavesLoop = false;
    for (const s of flow.successors(block)) if (s !== target && flow.isLoopHeader(s) && flow.dominates(s, block)) leavesLoop = true;
    if (leavesLoop) continue;
    const merge = mergeInstructionOf(block);
    if (merge?.opcode === Op.SelectionMerge) {
      // Without its OpSelectionMerge, a break or continue branch inside the construct might lose
      // the construct it belongs to.
      const mergeBlock = byId.get(merge.word(0));
      const inside = (b: Block): boolean => b !== block && flow.dominates(block, b) && (mergeBlock === undefined || !flow.dominates(mergeBlock, b));
      if (headerless.some(inside)) continue;
      if (mergeBlock !== undefined && breaksFromNestedConstruct(flow, byId, block, mergeBlock)) continue;
    }
    simplified.set(block, target);
  }
  return simplified;
}

/**
 * Whether a block inside `header`'s selection construct branches to its merge block from inside a
 * construct nested in it: a break that only `header`'s OpSelectionMerge makes legal (the
 * `OpSwitch %uint_0` wrapper compilers put around a function with early returns is the usual
 * one). Walks each predecessor's dominator chain up to `header`: a header on the way whose own
 * merge block does not dominate the predecessor holds it.
 */
function breaksFromNestedConstruct(flow: FunctionControlFlow, byId: ReadonlyMap<number, Block>, header: Block, mergeBlock: Block): boolean {
  for (const pred of flow.predecessors(mergeBlock)) {
    if (pred === header || !flow.dominates(header, pred) || flow.dominates(mergeBlock, pred)) continue;
    for (let b: Block | undefined = pred; b !== undefined && b !== header; b = flow.immediateDominator(b)) {
      const merge = mergeInstructionOf(b);
      if (merge === undefined) continue;
      const nestedMerge = byId.get(merge.word(0));
      if (nestedMerge === undefined || !flow.dominates(nestedMerge, pred)) return true;
    }
  }
  return false;
}

/** Makes the plan's edits; the ids of what it removed join `gone`. */
function apply(module: Module, undefs: UndefValues, plan: DeadBranchPlan, gone: Set<number>): void {
  // The blocks go first: def-use tables built for the OpPhis below then never hold their uses.
  for (const [block, target] of plan.simplified) {
    const terminator = terminatorOf(block);
    const merge = mergeInstructionOf(block);
    if (merge?.opcode === Op.SelectionMerge) module.remove(merge);
    module.replace(terminator, [new Instruction(Op.Branch, 0, 0, [target.id])]);
  }
  for (const [block, terminator] of plan.emptied) for (const id of emptyBlock(module, block, terminator)) gone.add(id);
  for (const id of removeBlocks(module, plan.fn, plan.dead)) gone.add(id);
  for (const { phi, words } of plan.phis) {
    module.setOperands(
      phi,
      words.map((w, i) => (i % 2 === 0 && w === UNDEF ? undefs.of(phi.typeId) : w)),
    );
  }
  const replaced = new Map<number, number>();
  const resolve = (id: number): number => {
    let v = id;
    for (let r = replaced.get(v); r !== undefined; r = replaced.get(v)) v = r;
    return v;
  };
  for (const { phi, value } of plan.single) {
    const to = value === UNDEF ? undefs.of(phi.typeId) : resolve(value);
    replaceAllUsesWith(module, phi.resultId, to);
    replaced.set(phi.resultId, to);
    module.remove(phi);
  }
}
