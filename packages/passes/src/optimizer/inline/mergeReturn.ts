import {
  Block,
  CallGraphAnalysis,
  ControlFlowAnalysis,
  Instruction,
  Op,
  StorageClass,
  TypesAnalysis,
  UNCHANGED,
  type Function,
  type FunctionControlFlow,
  type Module,
  type Pass,
  type TypeManager,
} from '@spvkit/core';
import { IdOperands } from '../../words/idOperands.js';
import { blocksById, mergeInstructionOf, phisOf, terminatorOf } from '../control-flow/structuredBlocks.js';
import { UndefValues } from '../control-flow/undefValues.js';
import { hasShaderCapability } from '../shaderModule.js';
import { enclosingConstructs, isReturnBlock, type EnclosingConstruct } from './constructs.js';
import { PlannedDominance } from './graphDominance.js';
import { debugSets, isDebugFunctionDefinition } from './debugInfo.js';
import { KEPT_THROUGH_BODY_REWRITES, OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const MERGE_RETURN = 'merge-return';

// Stand-ins for the blocks the pass adds, in the planned graph (label ids are positive).
const NEW_ENTRY = -1;
const FINAL = -3;

/** One function's edit, found before any edit. */
interface ReturnPlan {
  readonly fn: Function;
  /** Each return block, and where it branches instead: a loop's or switch's merge label, or {@link FINAL}. */
  readonly returns: Map<Block, number>;
  /** Loop and switch merge blocks a return breaks to: each tests the flag first and leaves for this target when set. */
  readonly checks: Map<Block, number>;
}

/**
 * `merge-return`: as spirv-opt's merge-return, a function of a Shader module with more than one
 * return, or with one inside a selection or loop, gets a single return block. Its body goes into
 * a switch with only a default case (as spirv-opt's: `OpSelectionMerge` and `OpSwitch %uint_0`
 * in a new entry block, which keeps the OpVariables; the switch's merge is the new return block,
 * which loads the value to return from a new Function variable). Each OpReturn or OpReturnValue
 * becomes a store of its value and a branch to the merge of the innermost loop or switch holding
 * it: the function's new switch, or a loop or switch of its own, broken out of after a store of
 * true to a new "returned" flag; each merge of such a construct then starts by testing the flag
 * and, when set, breaks out of the next one out, up to the return block. OpPhis of the blocks
 * reached by new edges get an OpUndef for them. OpKill, OpTerminateInvocation and OpUnreachable
 * stay as they are.
 *
 * Only functions an entry point calls, directly or not, are looked at, and a function is left
 * alone (spirv-opt would handle it, or fail) when: a return is in a continue construct, or
 * unreached; a loop or switch a return leaves has a merge block that heads a loop, or whose
 * innermost loop or switch is not the one holding the construct; the returned type is not one a
 * Function variable can hold (a pointer, an image or sampler); or some value would no longer
 * dominate a use (spirv-opt adds OpPhis there). Modules without the Shader capability are left
 * alone.
 *
 * @example
 * ```ts
 * runPasses(module, ['merge-return', 'inline-entry-points-exhaustive']);
 * ```
 */
export const mergeReturn: Pass = {
  name: MERGE_RETURN,
  description: 'give every function one return block at its end, wrapping its body in a switch with only a default case',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    if (!hasShaderCapability(module)) return UNCHANGED;
    const called = functionsReachedFromEntryPoints(module);
    const candidates = module.functions.filter((fn) => called.has(fn.id) && fn.blocks.length > 0 && needsMerging(fn));
    if (candidates.length === 0) return UNCHANGED;
    const flow = module.analysis(ControlFlowAnalysis);
    const types = module.analysis(TypesAnalysis);
    const ids = new IdOperands(module);
    const plans: ReturnPlan[] = [];
    for (const fn of candidates) {
      const plan = planFunction(types, ids, fn, flow.of(fn));
      if (plan !== undefined) plans.push(plan);
    }
    if (plans.length === 0) return UNCHANGED;
    const undefs = new UndefValues(module);
    const sets = debugSets(module);
    for (const plan of plans) apply(module, types, undefs, sets, plan);
    // The edits moved blocks and instructions by hand: no cached analysis of the bodies survives them.
    module.changed({ kind: 'replaced', place: 'functions' });
    module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
    return { changed: true, diagnostics: [] };
  },
};

/** The functions entry points call, directly or not, with the entry points. */
export function functionsReachedFromEntryPoints(module: Module): Set<number> {
  const calls = module.analysis(CallGraphAnalysis);
  const reached = new Set<number>();
  for (const ep of module.entryPoints) for (const id of calls.reachableFrom(ep.word(1))) reached.add(id);
  return reached;
}

/** More than one return, or one inside a construct: the cheap test before any analysis. */
function needsMerging(fn: Function): boolean {
  const returns = fn.blocks.filter(isReturnBlock);
  if (returns.length !== 1) return returns.length > 1;
  return !onTopLevelChain(fn, returns[0]);
}

/**
 * Whether `block` is on the chain of blocks outside every construct: from the entry, each header's
 * merge block, each other block's OpBranch target. Structured control flow enters a construct only
 * at its header and leaves it (but for a return or a kill) at its merge, so these are the blocks
 * no construct holds; telling so takes no control-flow analysis, which a module of thousands of
 * functions with one return each would otherwise build for nothing.
 */
function onTopLevelChain(fn: Function, block: Block): boolean {
  const byId = blocksById(fn);
  const seen = new Set<Block>();
  for (let b: Block | undefined = fn.blocks[0]; b !== undefined && !seen.has(b);) {
    if (b === block) return true;
    seen.add(b);
    const merge = mergeInstructionOf(b);
    const last = terminatorOf(b);
    const next = merge !== undefined ? merge.word(0) : last.opcode === Op.Branch ? last.word(0) : undefined;
    b = next === undefined ? undefined : byId.get(next);
  }
  return false;
}

function planFunction(types: TypeManager, ids: IdOperands, fn: Function, flow: FunctionControlFlow): ReturnPlan | undefined {
  const returnBlocks = fn.blocks.filter(isReturnBlock);
  if (returnBlocks.some((b) => !flow.reachable(b))) return undefined;
  if (returnBlocks.length === 1 && enclosingConstructs(flow, returnBlocks[0], false).length === 0) return undefined;
  if (!storable(types, fn.definition.typeId, true)) return undefined;

  const returns = new Map<Block, number>();
  const checks = new Map<Block, number>();
  for (const block of returnBlocks) {
    const constructs = enclosingConstructs(flow, block, false);
    if (constructs.some((c) => c.inContinue)) return undefined;
    // What a return breaks out of: a break may only leave the innermost loop or switch.
    const breakable = constructs.filter(isBreakable).map((c) => c.header);
    const merges: Block[] = [];
    for (const header of breakable) {
      const merge = flow.mergeBlock(header);
      if (merge === undefined) return undefined;
      merges.push(merge);
    }
    returns.set(block, merges.length > 0 ? merges[0].id : FINAL);
    for (let i = 0; i < merges.length; i++) {
      const merge = merges[i];
      const target = i + 1 < merges.length ? merges[i + 1].id : FINAL;
      const known = checks.get(merge);
      if (known !== undefined) {
        if (known !== target) return undefined;
        continue;
      }
      // The flag test goes before the merge block's own merge instruction: a loop header's would
      // need its back edges moved as well.
      if (mergeInstructionOf(merge)?.opcode === Op.LoopMerge) return undefined;
      if (flow.reachable(merge)) {
        const around = enclosingConstructs(flow, merge, false);
        if (around.some((c) => c.inContinue)) return undefined;
        if (around.find(isBreakable)?.header !== breakable[i + 1]) return undefined;
      }
      checks.set(merge, target);
    }
  }
  if (!dominanceHolds(fn, flow, ids, returns, checks)) return undefined;
  return { fn, returns, checks };
}

/**
 * Whether every value still dominates its uses in the function as the plan leaves it: the edges
 * the plan adds (a return's branch to a loop merge, a flag test's break) can reach a block by a
 * path that skips a definition which dominated it before.
 */
function dominanceHolds(fn: Function, flow: FunctionControlFlow, ids: IdOperands, returns: Map<Block, number>, checks: Map<Block, number>): boolean {
  // A split merge block: its label keeps the OpPhis, a stand-in below -3 the rest.
  const rest = new Map<number, number>();
  let next = FINAL - 1;
  for (const block of checks.keys()) rest.set(block.id, next--);
  const tail = (id: number): number => rest.get(id) ?? id;
  const succ = new Map<number, number[]>();
  succ.set(NEW_ENTRY, [fn.blocks[0].id]);
  for (const block of fn.blocks) {
    const out = returns.has(block) ? [returns.get(block)!] : flow.successors(block).map((s) => s.id);
    const target = checks.get(block);
    if (target !== undefined) succ.set(block.id, [target, rest.get(block.id)!]);
    succ.set(tail(block.id), out);
  }
  const dom = new PlannedDominance(NEW_ENTRY, (n) => succ.get(n) ?? []);
  const defAt = new Map<number, number>();
  for (const block of fn.blocks) {
    const phiCount = checks.has(block) ? phisOf(block).length : 0;
    let seenPhis = 0;
    for (const inst of block.instructions) {
      if (inst.resultId === 0) continue;
      const inPhis = inst.opcode === Op.Phi && seenPhis++ < phiCount;
      defAt.set(inst.resultId, inPhis ? block.id : tail(block.id));
    }
  }
  for (const block of fn.blocks) {
    const phiCount = checks.has(block) ? phisOf(block).length : 0;
    let seenPhis = 0;
    for (const inst of block.instructions) {
      const node = inst.opcode === Op.Phi && seenPhis++ < phiCount ? block.id : tail(block.id);
      if (!dom.reaches(node)) continue;
      let ok = true;
      if (inst.opcode === Op.Phi) {
        for (let i = 0; i + 1 < inst.operandCount; i += 2) {
          const at = defAt.get(inst.word(i));
          if (at !== undefined && !dom.dominates(at, tail(inst.word(i + 1)))) ok = false;
        }
      } else {
        ids.uses(inst, (id) => {
          const at = defAt.get(id);
          if (at !== undefined && at !== node && !dom.dominates(at, node)) ok = false;
        });
      }
      if (!ok) return false;
    }
  }
  return true;
}

/** A loop or a switch: what a branch may break out of. */
function isBreakable(construct: EnclosingConstruct): boolean {
  return construct.loop || terminatorOf(construct.header).opcode === Op.Switch;
}

/** Whether a Function variable can hold values of `type` (void counts where `voidOk`): what a returned value goes through. */
export function storable(types: TypeManager, type: number, voidOk: boolean): boolean {
  const def = types.def(type);
  switch (def?.opcode) {
    case Op.TypeVoid:
      return voidOk;
    case Op.TypeBool:
    case Op.TypeInt:
    case Op.TypeFloat:
    case Op.TypeVector:
    case Op.TypeMatrix:
      return true;
    case Op.TypeArray:
      return storable(types, def.word(0), false);
    case Op.TypeStruct:
      for (let i = 0; i < def.operandCount; i++) if (!storable(types, def.word(i), false)) return false;
      return true;
    default:
      return false;
  }
}

function apply(module: Module, types: TypeManager, undefs: UndefValues, sets: ReadonlySet<number>, plan: ReturnPlan): void {
  const { fn, returns, checks } = plan;
  const returnType = fn.definition.typeId;
  const returnsValue = types.def(returnType)?.opcode !== Op.TypeVoid;
  const needsFlag = [...returns.values()].some((t) => t !== FINAL);
  const entryId = module.newId();
  const finalId = module.newId();
  const resolve = (t: number): number => (t === FINAL ? finalId : t);
  const boolType = types.boolType();
  const trueId = needsFlag ? types.constant(Op.ConstantTrue, boolType, []) : 0;
  const flagVar = needsFlag
    ? new Instruction(Op.Variable, types.pointerType(StorageClass.Function, boolType), module.newId(), [
        StorageClass.Function,
        types.constant(Op.ConstantFalse, boolType, []),
      ])
    : undefined;
  const valueVar = returnsValue
    ? new Instruction(Op.Variable, types.pointerType(StorageClass.Function, returnType), module.newId(), [StorageClass.Function])
    : undefined;

  const restOf = new Map<Block, Block>();
  for (const block of checks.keys()) restOf.set(block, new Block(new Instruction(Op.Label, 0, module.newId()), []));
  const tailId = (block: Block): number => restOf.get(block)?.id ?? block.id;
  const byId = new Map<number, Block>();
  for (const block of fn.blocks) byId.set(block.id, block);

  // New edges into blocks with OpPhis: an OpUndef for each (the value is never used: the flag or
  // the function's end takes over).
  const newEdges: { target: number; from: number }[] = [];

  // Returns become stores and branches.
  for (const [block, target] of returns) {
    const ret = terminatorOf(block);
    const edit: Instruction[] = [];
    if (ret.opcode === Op.ReturnValue) edit.push(new Instruction(Op.Store, 0, 0, [valueVar!.resultId, ret.word(0)]));
    if (target !== FINAL) edit.push(new Instruction(Op.Store, 0, 0, [flagVar!.resultId, trueId]));
    edit.push(new Instruction(Op.Branch, 0, 0, [resolve(target)]));
    block.instructions.splice(block.instructions.length - 1, 1, ...edit);
    if (target !== FINAL) newEdges.push({ target, from: tailId(block) });
  }

  // Loop merges a return breaks to test the flag first; what they held moves to a block of its own.
  for (const [block, target] of checks) {
    const rest = restOf.get(block)!;
    const phis = phisOf(block);
    const cut = phis.length === 0 ? 0 : block.instructions.indexOf(phis[phis.length - 1]) + 1;
    rest.instructions = block.instructions.slice(cut);
    const flag = new Instruction(Op.Load, boolType, module.newId(), [flagVar!.resultId]);
    block.instructions = [...block.instructions.slice(0, cut), flag, new Instruction(Op.BranchConditional, 0, 0, [flag.resultId, resolve(target), rest.id])];
    if (target !== FINAL) newEdges.push({ target, from: block.id });
  }
  // What followed a split merge block now follows its rest: OpPhis name that as their parent.
  const renamed = new Map<number, number>();
  for (const [block, rest] of restOf) renamed.set(block.id, rest.id);
  for (const block of fn.blocks) {
    for (const phi of phisOf(block)) {
      for (let i = 1; i < phi.operandCount; i += 2) {
        const to = renamed.get(phi.word(i));
        if (to !== undefined) phi.setWord(i, to);
      }
    }
  }
  for (const { target, from } of newEdges) {
    const block = byId.get(target)!;
    for (const phi of phisOf(block)) phi.setOperands([...phi.operands, undefs.of(phi.typeId), from]);
  }

  // The new entry takes the variables (and the debug function definition, which belongs in the
  // entry block) and heads the switch that holds the rest.
  const oldEntry = fn.blocks[0];
  const moved = oldEntry.instructions.filter((i) => i.opcode === Op.Variable || isDebugFunctionDefinition(i, sets));
  const movedSet = new Set(moved);
  oldEntry.instructions = oldEntry.instructions.filter((i) => !movedSet.has(i));
  const vars = moved.filter((i) => i.opcode === Op.Variable);
  const entryInsts = [...vars, ...(flagVar ? [flagVar] : []), ...(valueVar ? [valueVar] : []), ...moved.filter((i) => i.opcode !== Op.Variable)];
  entryInsts.push(new Instruction(Op.SelectionMerge, 0, 0, [finalId, 0]), new Instruction(Op.Switch, 0, 0, [types.constantUint(0), oldEntry.id]));
  const entry = new Block(new Instruction(Op.Label, 0, entryId), entryInsts);
  const finalInsts: Instruction[] = [];
  if (valueVar !== undefined) {
    const value = new Instruction(Op.Load, returnType, module.newId(), [valueVar.resultId]);
    finalInsts.push(value, new Instruction(Op.ReturnValue, 0, 0, [value.resultId]));
  } else finalInsts.push(new Instruction(Op.Return));
  const final = new Block(new Instruction(Op.Label, 0, finalId), finalInsts);
  const blocks: Block[] = [entry];
  for (const block of fn.blocks) {
    blocks.push(block);
    const rest = restOf.get(block);
    if (rest !== undefined) blocks.push(rest);
  }
  blocks.push(final);
  fn.blocks = blocks;
}
