import {
  Block,
  ControlFlowAnalysis,
  Instruction,
  LoopControl,
  Op,
  UNCHANGED,
  decoratesTarget,
  type Function,
  type FunctionControlFlow,
  type Module,
  type Pass,
} from '@spvkit/core';
import { IdOperands } from '../../words/idOperands.js';
import { forgetIds } from '../control-flow/blockEdits.js';
import { globalDefinitions } from '../control-flow/globalDefinitions.js';
import { blocksById, mergeInstructionOf, phisOf, terminatorOf } from '../control-flow/structuredBlocks.js';
import { KEPT_THROUGH_BODY_REWRITES, OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const LOOP_UNROLL = 'loop-unroll';

/** The most iterations a loop may have to be unrolled. */
export const MAX_UNROLLED_ITERATIONS = 32;

/** The most instructions the copies of one loop may hold: a bound on how much one loop can grow the module. */
export const MAX_UNROLLED_INSTRUCTIONS = 8192;

/** Integer comparisons a loop's exit condition may be, each on two 32-bit values as unsigned words. */
const COMPARISONS: ReadonlyMap<number, (a: number, b: number) => boolean> = new Map([
  [Op.IEqual, (a, b) => a === b],
  [Op.INotEqual, (a, b) => a !== b],
  [Op.ULessThan, (a, b) => a < b],
  [Op.ULessThanEqual, (a, b) => a <= b],
  [Op.UGreaterThan, (a, b) => a > b],
  [Op.UGreaterThanEqual, (a, b) => a >= b],
  [Op.SLessThan, (a, b) => (a | 0) < (b | 0)],
  [Op.SLessThanEqual, (a, b) => (a | 0) <= (b | 0)],
  [Op.SGreaterThan, (a, b) => (a | 0) > (b | 0)],
  [Op.SGreaterThanEqual, (a, b) => (a | 0) >= (b | 0)],
]);

/** Terminators a loop body may end its blocks with: anything else leaves the loop another way. */
const BRANCHES: ReadonlySet<number> = new Set([Op.Branch, Op.BranchConditional, Op.Switch]);

/** One loop to unroll, found on the function as it was. */
interface UnrollPlan {
  /** The loop's blocks, in the function's order, the header first: they are contiguous there. */
  readonly blocks: Block[];
  readonly header: Block;
  /** The block holding the exit branch: the header, or the one block the header branches to. */
  readonly exit: Block;
  /** The exit branch's target inside the loop. */
  readonly inside: number;
  readonly latch: Block;
  readonly merge: Block;
  /** The header's OpPhis: the value each takes on entry, and the one the back edge gives it. */
  readonly phis: { phi: Instruction; initial: number; next: number }[];
  /** How many times the loop runs its body: its blocks are copied that many times, and once more up to the exit. */
  readonly iterations: number;
}

/**
 * `loop-unroll`: as spirv-opt's recipe pass (its `fully_unroll` form), a loop whose OpLoopMerge
 * asks for `Unroll` (GLSL's `[[unroll]]`) and whose number of iterations is known is replaced by
 * that many copies of its body, with fresh ids, one after the other, and a last copy of the header
 * part that runs into the merge block; the header's OpPhis become the values each copy gets from
 * the one before. Selections in the body keep their merges; the exit condition is left, unused, in
 * each copy (dead-code passes remove it).
 *
 * The number of iterations must be exact: the header has one OpPhi that starts at a 32-bit integer
 * constant and steps by one (OpIAdd or OpISub of a constant, wrapping at 32 bits), and the loop's
 * only exit, a conditional branch to the merge block in the header or in the one block the header
 * branches to, compares it with a constant (signed or unsigned, as the comparison says). The
 * iterations are counted by stepping the value, so wrap-around and signedness are as the shader
 * would see them. A condition already folded to a constant that leaves at once counts no
 * iterations (the loop becomes its header part). Left alone: loops without `Unroll` or with `DontUnroll`, loops holding another
 * loop (an inner loop is unrolled first, and then the outer one is looked at again), loops with a
 * break, a continue statement, a return or an OpKill, loops whose continue target is not the block
 * with the back edge, loops of more than {@link MAX_UNROLLED_ITERATIONS} iterations or whose copies
 * would hold more than {@link MAX_UNROLLED_INSTRUCTIONS} instructions, and values defined in the
 * body that are used after the loop (only header values may be, as SSA form gives them).
 *
 * @example
 * ```ts
 * runPasses(module, ['ssa-rewrite', 'loop-unroll', 'eliminate-dead-code-aggressive']);
 * ```
 */
export const loopUnroll: Pass = {
  name: LOOP_UNROLL,
  description: 'fully unroll loops marked Unroll whose iteration count is a known constant',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const candidates = module.functions.filter((fn) => fn.blocks.some(asksForUnroll));
    if (candidates.length === 0) return UNCHANGED;
    const globals = globalDefinitions(module);
    const ids = new IdOperands(module);
    const gone = new Set<number>();
    let changed = false;
    for (const fn of candidates) {
      // One loop at a time, each on fresh control flow: unrolling an inner loop can make its outer
      // loop one this pass unrolls, and a second run must find nothing left to do.
      for (;;) {
        const flow = module.analysis(ControlFlowAnalysis).of(fn);
        const plan = findLoop(module, ids, globals, fn, flow);
        if (plan === undefined) break;
        unroll(module, ids, fn, plan, gone);
        // Blocks and instructions moved by hand: no cached analysis of the bodies survives that.
        module.changed({ kind: 'replaced', place: 'functions' });
        module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
        changed = true;
      }
    }
    if (!changed) return UNCHANGED;
    forgetIds(module, gone);
    return { changed: true, diagnostics: [] };
  },
};

function asksForUnroll(block: Block): boolean {
  const merge = mergeInstructionOf(block);
  if (merge?.opcode !== Op.LoopMerge) return false;
  const control = merge.word(2);
  return (control & LoopControl.Unroll) !== 0 && (control & LoopControl.DontUnroll) === 0;
}

/** The first loop of `fn` that can be unrolled, planned. */
function findLoop(module: Module, ids: IdOperands, globals: ReadonlyMap<number, Instruction>, fn: Function, flow: FunctionControlFlow): UnrollPlan | undefined {
  let byId: Map<number, Block> | undefined;
  for (const block of fn.blocks) {
    if (!asksForUnroll(block) || !flow.reachable(block)) continue;
    byId ??= blocksById(fn);
    const plan = planLoop(module, ids, globals, fn, flow, byId, block);
    if (plan !== undefined) return plan;
  }
  return undefined;
}

function planLoop(
  module: Module,
  ids: IdOperands,
  globals: ReadonlyMap<number, Instruction>,
  fn: Function,
  flow: FunctionControlFlow,
  byId: ReadonlyMap<number, Block>,
  header: Block,
): UnrollPlan | undefined {
  const loopMerge = mergeInstructionOf(header)!;
  const merge = byId.get(loopMerge.word(0));
  const latch = byId.get(loopMerge.word(1));
  if (merge === undefined || latch === undefined || latch === header || !flow.reachable(latch)) return undefined;
  const latchBranch = terminatorOf(latch);
  if (latchBranch.opcode !== Op.Branch || latchBranch.word(0) !== header.id) return undefined;
  const headerPreds = flow.predecessors(header);
  if (headerPreds.length !== 2 || !headerPreds.includes(latch)) return undefined;
  const preheader = headerPreds[0] === latch ? headerPreds[1] : headerPreds[0];

  // The loop: every block that reaches the back edge without passing the header. A block no path
  // reaches that branches into the body would be left naming a block that went: such loops stay.
  const inLoop = new Set<Block>([header, latch]);
  const work = [latch];
  while (work.length > 0) {
    for (const p of flow.predecessors(work.pop()!)) {
      if (!flow.reachable(p)) return undefined;
      if (inLoop.has(p)) continue;
      inLoop.add(p);
      work.push(p);
    }
  }
  for (const b of inLoop) if (!flow.dominates(header, b)) return undefined;
  // Copies go where the loop was: its blocks must be together there, or a block between them
  // might come before a copy that dominates it.
  const start = fn.blocks.indexOf(header);
  const blocks = fn.blocks.slice(start, start + inLoop.size);
  if (!blocks.every((b) => inLoop.has(b))) return undefined;

  // The exit: in the header, or in the one block it runs into.
  let exit = header;
  const headerBranch = terminatorOf(header);
  if (headerBranch.opcode === Op.Branch) {
    const next = byId.get(headerBranch.word(0));
    if (next === undefined || !inLoop.has(next) || next === latch || flow.predecessors(next).length !== 1) return undefined;
    if (mergeInstructionOf(next) !== undefined) return undefined;
    exit = next;
  }
  const exitBranch = terminatorOf(exit);
  if (exitBranch.opcode !== Op.BranchConditional) return undefined;
  const exitsOnTrue = exitBranch.word(1) === merge.id;
  const inside = exitsOnTrue ? exitBranch.word(2) : exitBranch.word(1);
  if (inside === merge.id || (!exitsOnTrue && exitBranch.word(2) !== merge.id)) return undefined;

  // Only the exit leaves, only the back edge returns, and no other loop is inside.
  for (const block of blocks) {
    const terminator = terminatorOf(block);
    if (!BRANCHES.has(terminator.opcode)) return undefined;
    const m = mergeInstructionOf(block);
    if (m !== undefined && block !== header) {
      if (m.opcode === Op.LoopMerge) return undefined;
      const selectionMerge = byId.get(m.word(0));
      if (selectionMerge === undefined || !inLoop.has(selectionMerge)) return undefined;
    }
    for (const s of flow.successors(block)) {
      if (s === merge && block === exit) continue;
      if (!inLoop.has(s) || (s === header && block !== latch)) return undefined;
    }
  }
  if (flow.predecessors(merge).some((p) => p !== exit)) return undefined;
  // The body reaches the continue target along one edge, outside every selection of the body: a
  // continue statement's branch would leave its selection once the continue target is a plain block.
  const latchPreds = flow.predecessors(latch);
  if (latchPreds.length !== 1) return undefined;
  const last = latchPreds[0];
  if (last !== exit) {
    const lastBranch = terminatorOf(last);
    if (lastBranch.opcode !== Op.Branch) return undefined;
    for (const block of blocks) {
      const m = block === header ? undefined : mergeInstructionOf(block);
      if (m === undefined || !flow.dominates(block, last)) continue;
      const selectionMerge = byId.get(m.word(0))!;
      if (selectionMerge !== latch && !flow.dominates(selectionMerge, last)) return undefined;
    }
  }

  // The header's OpPhis, each with one value from before the loop and one from the back edge.
  const phis: { phi: Instruction; initial: number; next: number }[] = [];
  for (const phi of phisOf(header)) {
    if (phi.operandCount !== 4) return undefined;
    const fromLatch = phi.word(1) === latch.id ? 0 : phi.word(3) === latch.id ? 2 : -1;
    if (fromLatch < 0 || phi.word(2 - fromLatch + 1) !== preheader.id) return undefined;
    phis.push({ phi, initial: phi.word(2 - fromLatch), next: phi.word(fromLatch) });
  }

  // Values of the body past the exit do not dominate the merge block: nothing after the loop may
  // use them (and the header's values are replaced by those of the last copy).
  const defined = new Map<number, Block>();
  for (const block of blocks) for (const inst of block.instructions) if (inst.resultId !== 0) defined.set(inst.resultId, block);
  let usedAfter = false;
  for (const block of fn.blocks) {
    if (inLoop.has(block)) continue;
    for (const inst of block.instructions) {
      ids.uses(inst, (id) => {
        const at = defined.get(id);
        if (at !== undefined && at !== header && at !== exit) usedAfter = true;
      });
    }
  }
  if (usedAfter) return undefined;
  // A decoration group would have to be extended to the copies: left alone.
  for (const inst of module.annotations) {
    if (inst.opcode !== Op.GroupDecorate) continue;
    for (let i = 1; i < inst.operandCount; i++) if (defined.has(inst.word(i))) return undefined;
  }

  const iterations = countIterations(globals, defined, phis, exitBranch.word(0), exitsOnTrue);
  if (iterations === undefined) return undefined;
  const size = blocks.reduce((n, b) => n + b.instructions.length + 1, 0);
  if (size * (iterations + 1) > MAX_UNROLLED_INSTRUCTIONS) return undefined;
  return { blocks, header, exit, inside, latch, merge, phis, iterations };
}

/** The 32-bit integer value of an OpConstant id, as an unsigned word. */
function constantWord(globals: ReadonlyMap<number, Instruction>, id: number): number | undefined {
  const c = globals.get(id);
  if (c?.opcode !== Op.Constant) return undefined;
  const type = globals.get(c.typeId);
  if (type?.opcode !== Op.TypeInt || type.word(0) !== 32) return undefined;
  return c.word(0) >>> 0;
}

/**
 * How many times the body runs: the exit condition must compare a header OpPhi that starts at a
 * constant and steps by a constant with a constant. The value is stepped as the shader would, so
 * the count is exact; undefined when the loop has not left after {@link MAX_UNROLLED_ITERATIONS}.
 */
function countIterations(
  globals: ReadonlyMap<number, Instruction>,
  defined: ReadonlyMap<number, Block>,
  phis: readonly { phi: Instruction; initial: number; next: number }[],
  conditionId: number,
  exitsOnTrue: boolean,
): number | undefined {
  // A condition ccp made constant: a loop that leaves at once runs its body no times.
  const constant = globals.get(conditionId)?.opcode;
  if (constant === Op.ConstantTrue || constant === Op.ConstantFalse) return (constant === Op.ConstantTrue) === exitsOnTrue ? 0 : undefined;
  const condition = findDefinition(defined, conditionId);
  const compare = condition === undefined ? undefined : COMPARISONS.get(condition.opcode);
  if (condition === undefined || compare === undefined) return undefined;
  const [a, b] = [condition.word(0), condition.word(1)];
  const induction = phis.find(({ phi }) => phi.resultId === a || phi.resultId === b);
  if (induction === undefined) return undefined;
  const ivOnLeft = induction.phi.resultId === a;
  const bound = constantWord(globals, ivOnLeft ? b : a);
  let value = constantWord(globals, induction.initial);
  const next = findDefinition(defined, induction.next);
  if (bound === undefined || value === undefined || next === undefined) return undefined;
  let step: number | undefined;
  const iv = induction.phi.resultId;
  if (next.opcode === Op.IAdd && next.word(0) === iv) step = constantWord(globals, next.word(1));
  else if (next.opcode === Op.IAdd && next.word(1) === iv) step = constantWord(globals, next.word(0));
  else if (next.opcode === Op.ISub && next.word(0) === iv) {
    const d = constantWord(globals, next.word(1));
    step = d === undefined ? undefined : -d >>> 0;
  }
  if (step === undefined) return undefined;
  for (let n = 0; n <= MAX_UNROLLED_ITERATIONS; n++) {
    const result = ivOnLeft ? compare(value, bound) : compare(bound, value);
    if (result === exitsOnTrue) return n;
    value = (value + step) >>> 0;
  }
  return undefined;
}

function findDefinition(defined: ReadonlyMap<number, Block>, id: number): Instruction | undefined {
  return defined.get(id)?.instructions.find((i) => i.resultId === id);
}

/** Replaces the planned loop by its copies; the ids that went join `gone`. */
function unroll(module: Module, ids: IdOperands, fn: Function, plan: UnrollPlan, gone: Set<number>): void {
  const { blocks, header, exit, latch, merge, phis, iterations } = plan;
  const phiIds = new Set(phis.map(({ phi }) => phi.resultId));
  const loopMerge = mergeInstructionOf(header)!;
  const decorations = new Map<number, Instruction[]>();
  const loopIds = new Set<number>();
  for (const block of blocks) for (const inst of block.instructions) if (inst.resultId !== 0) loopIds.add(inst.resultId);
  for (const inst of module.annotations) {
    if (!decoratesTarget(inst.opcode) || inst.opcode === Op.MemberDecorate || !loopIds.has(inst.word(0))) continue;
    let list = decorations.get(inst.word(0));
    if (list === undefined) decorations.set(inst.word(0), (list = []));
    list.push(inst);
  }
  const newDecorations: Instruction[] = [];

  // Each copy's header label is known before the copy before it branches there; the first keeps
  // the header's, which the block before the loop branches to.
  const headerLabels = [header.id];
  for (let k = 1; k <= iterations; k++) headerLabels.push(module.newId());
  const copied: Block[] = [];
  let previous: Map<number, number> | undefined;
  for (let k = 0; k <= iterations; k++) {
    const lastCopy = k === iterations;
    const part = lastCopy ? (exit === header ? [header] : [header, exit]) : blocks;
    const map = new Map<number, number>();
    // The header's OpPhis become the values the copy before gives them (the initial ones first).
    for (const { phi, initial, next } of phis) map.set(phi.resultId, previous === undefined ? initial : (previous.get(next) ?? next));
    for (const block of part) {
      map.set(block.id, block === header ? headerLabels[k] : module.newId());
      for (const inst of block.instructions) if (inst.resultId !== 0 && !phiIds.has(inst.resultId)) map.set(inst.resultId, module.newId());
    }
    const copy = (inst: Instruction): Instruction => {
      const c = inst.clone();
      if (c.resultId !== 0) c.resultId = map.get(c.resultId)!;
      ids.uses(inst, (id, operand) => {
        const to = operand >= 0 ? map.get(id) : undefined;
        if (to !== undefined) c.setWord(operand, to);
      });
      for (const d of decorations.get(inst.resultId) ?? []) {
        const nd = d.clone();
        nd.setWord(0, c.resultId);
        newDecorations.push(nd);
      }
      return c;
    };
    for (const block of part) {
      const list: Instruction[] = [];
      for (const inst of block.instructions) {
        if (inst === loopMerge || (block === header && phiIds.has(inst.resultId))) continue;
        if (block === exit && inst === terminatorOf(exit)) {
          list.push(new Instruction(Op.Branch, 0, 0, [lastCopy ? merge.id : map.get(plan.inside)!]));
        } else if (block === latch && inst === terminatorOf(latch)) {
          list.push(new Instruction(Op.Branch, 0, 0, [headerLabels[k + 1]]));
        } else list.push(copy(inst));
      }
      copied.push(new Block(new Instruction(Op.Label, 0, map.get(block.id)), list));
    }
    previous = map;
  }

  // After the loop, the header's values are those of the last copy, and the merge block's OpPhis
  // come from the last copy's exit.
  const final = previous!;
  const headerValues = new Set<number>();
  for (const block of exit === header ? [header] : [header, exit])
    for (const inst of block.instructions) if (inst.resultId !== 0) headerValues.add(inst.resultId);
  const exitLabel = final.get(exit.id)!;
  for (const block of fn.blocks) {
    if (blocks.includes(block)) continue;
    for (const inst of block.instructions) {
      ids.uses(inst, (id, operand) => {
        if (operand >= 0 && headerValues.has(id)) inst.setWord(operand, final.get(id)!);
      });
    }
  }
  for (const phi of phisOf(merge)) for (let i = 1; i < phi.operandCount; i += 2) if (phi.word(i) === exit.id) phi.setWord(i, exitLabel);

  fn.blocks.splice(fn.blocks.indexOf(header), blocks.length, ...copied);
  for (const id of loopIds) gone.add(id);
  for (const block of blocks) if (block !== header) gone.add(block.id);
  if (newDecorations.length > 0) module.insert('annotations', newDecorations);
}
