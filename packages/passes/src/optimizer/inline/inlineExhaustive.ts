import {
  Block,
  CallGraphAnalysis,
  ControlFlowAnalysis,
  Decoration,
  FunctionControl,
  Instruction,
  Op,
  StorageClass,
  TypesAnalysis,
  UNCHANGED,
  decoratesTarget,
  type Function,
  type Module,
  type Pass,
  type TypeManager,
} from '@spvkit/core';
import { IdOperands } from '../../words/idOperands.js';
import { forgetIds } from '../control-flow/blockEdits.js';
import { mergeInstructionOf, phisOf } from '../control-flow/structuredBlocks.js';
import { functionsCalledFromContinues } from '../control-flow/wrapOpKill.js';
import { hasShaderCapability } from '../shaderModule.js';
import { enclosingConstructs, isReturnBlock } from './constructs.js';
import {
  DEBUG_DECLARE,
  DEBUG_LINE,
  DEBUG_NO_LINE,
  DEBUG_NO_SCOPE,
  DEBUG_SCOPE,
  debugSets,
  isDebugFunctionDefinition,
  isDebugInstruction,
} from './debugInfo.js';
import { functionsReachedFromEntryPoints, storable } from './mergeReturn.js';
import { KEPT_THROUGH_BODY_REWRITES, OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

/** The flag name, as spirv-opt's. */
export const INLINE_ENTRY_POINTS_EXHAUSTIVE = 'inline-entry-points-exhaustive';

/** Instructions that end an invocation: inlined into a continue construct, they break its rules. */
const ABORTS: ReadonlySet<number> = new Set([Op.Kill, Op.TerminateInvocation, Op.TerminateRayKHR, Op.IgnoreIntersectionKHR, Op.EmitMeshTasksEXT]);

/** Instructions whose result must be used in the block defining it (spirv-opt clones them past a split). */
const SAME_BLOCK: ReadonlySet<number> = new Set([Op.SampledImage, Op.Image]);

/** A function that can be inlined, copied before any edit (callers' edits must not reach it). */
interface Callee {
  readonly fn: Function;
  readonly blocks: { readonly label: number; readonly instructions: Instruction[] }[];
  /** Index of the one block that returns. */
  readonly returnAt: number;
  readonly returnsValue: boolean;
  readonly parameters: number[];
}

/** The state of one run, shared by every call it inlines. */
interface Inliner {
  readonly module: Module;
  readonly types: TypeManager;
  readonly ids: IdOperands;
  readonly callees: Map<number, Callee>;
  readonly sets: ReadonlySet<number>;
  /** Decorations of the callees' ids, cloned onto the copies' ids. */
  readonly decorations: Map<number, Instruction[]>;
  readonly newDecorations: Instruction[];
  /** Results of void calls, gone with the calls: their names and decorations go. */
  readonly gone: Set<number>;
}

/**
 * `inline-entry-points-exhaustive`: as spirv-opt's, every OpFunctionCall in a function an entry
 * point reaches is replaced by a copy of the callee's body with fresh ids, parameters replaced by
 * the arguments, and again in the copies until no call is left that can be inlined. The calling
 * block splits around the call: the code before it runs into the callee's entry block, the callee's
 * return block runs on into the code after it. The callee's OpVariables move (without their
 * initializers, which become stores where the copy starts) to the caller's first block; a value
 * returned goes through a new Function variable whose load takes the call's result id, as spirv-opt
 * does. A caller block that heads a loop keeps its OpLoopMerge and branches to the copy (and when it
 * was its own continue target, its back edge moves to a new block that becomes it). The callee's
 * decorations are cloned onto the copies; OpLine and the debug scopes are copied as they are
 * (no DebugInlinedAt is made), DebugFunctionDefinition is not copied, and after the copy the line
 * and scope of the call are restored. Run `eliminate-dead-functions` after it to drop the callees.
 *
 * Not inlined, as in spirv-opt: functions without a body or marked DontInline, recursive ones,
 * functions whose return is inside a loop or is not the only one (run `merge-return` first),
 * functions holding OpKill or another abort other than OpUnreachable when a continue construct
 * calls them, and anything in a module without the Shader capability. Also left, where spirv-opt
 * would inline: functions whose one return is inside a selection, functions returning a type a
 * Function variable cannot hold (a pointer, an image), functions that never return, and calls
 * given a value that must stay in its block (OpSampledImage) as an argument.
 *
 * @example
 * ```ts
 * runPasses(module, ['merge-return', 'inline-entry-points-exhaustive', 'eliminate-dead-functions']);
 * ```
 */
export const inlineEntryPointsExhaustive: Pass = {
  name: INLINE_ENTRY_POINTS_EXHAUSTIVE,
  description: 'inline every function call reachable from an entry point',
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    if (!hasShaderCapability(module)) return UNCHANGED;
    const reached = functionsReachedFromEntryPoints(module);
    const callers = module.functions.filter((fn) => reached.has(fn.id) && fn.blocks.some((b) => b.instructions.some((i) => i.opcode === Op.FunctionCall)));
    if (callers.length === 0) return UNCHANGED;
    const types = module.analysis(TypesAnalysis);
    const callees = findCallees(module, types, callers);
    if (callees.size === 0) return UNCHANGED;
    const state: Inliner = {
      module,
      types,
      ids: new IdOperands(module),
      callees,
      sets: debugSets(module),
      decorations: calleeDecorations(module, callees),
      newDecorations: [],
      gone: new Set(),
    };
    // As spirv-opt, from the entry points down the calls left after inlining: a callee whose every
    // call was inlined is not worked on (eliminate-dead-functions removes it).
    const byId = new Map<number, Function>();
    for (const fn of module.functions) byId.set(fn.id, fn);
    const queue = module.entryPoints.map((ep) => ep.word(1));
    const seen = new Set<number>(queue);
    let changed = false;
    while (queue.length > 0) {
      const fn = byId.get(queue.shift()!);
      if (fn === undefined) continue;
      if (inlineCalls(state, fn)) changed = true;
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          if (inst.opcode !== Op.FunctionCall || seen.has(inst.word(0))) continue;
          seen.add(inst.word(0));
          queue.push(inst.word(0));
        }
      }
    }
    if (!changed) return UNCHANGED;
    // Blocks and instructions moved by hand: no cached analysis of the bodies survives that.
    module.changed({ kind: 'replaced', place: 'functions' });
    module.invalidateAnalyses(KEPT_THROUGH_BODY_REWRITES);
    if (state.newDecorations.length > 0) module.insert('annotations', state.newDecorations);
    forgetIds(module, state.gone);
    return { changed: true, diagnostics: [] };
  },
};

/** The functions the callers call that can be inlined, each copied. */
function findCallees(module: Module, types: TypeManager, callers: readonly Function[]): Map<number, Callee> {
  const calls = module.analysis(CallGraphAnalysis);
  const wanted = new Set<number>();
  for (const fn of callers) for (const id of calls.callees(fn.id)) for (const reached of calls.reachableFrom(id)) wanted.add(reached);
  // Found only when some callee aborts: it walks the continue construct of every loop.
  let fromContinues: Set<number> | undefined;
  const flow = module.analysis(ControlFlowAnalysis);
  const callees = new Map<number, Callee>();
  for (const fn of module.functions) {
    if (!wanted.has(fn.id) || fn.blocks.length === 0) continue;
    if ((fn.definition.word(0) & FunctionControl.DontInline) !== 0) continue;
    if ([...calls.callees(fn.id)].some((c) => calls.reachableFrom(c).has(fn.id))) continue;
    const returns = fn.blocks.filter(isReturnBlock);
    if (returns.length !== 1) continue;
    const f = flow.of(fn);
    if (!f.reachable(returns[0]) || enclosingConstructs(f, returns[0], false).length > 0) continue;
    if (!storable(types, fn.definition.typeId, true)) continue;
    if (fn.blocks.some((b) => b.instructions.some((i) => ABORTS.has(i.opcode))) && (fromContinues ??= functionsCalledFromContinues(module)).has(fn.id))
      continue;
    callees.set(fn.id, {
      fn,
      blocks: fn.blocks.map((b) => ({ label: b.id, instructions: b.instructions.map((i) => i.clone()) })),
      returnAt: fn.blocks.indexOf(returns[0]),
      returnsValue: types.def(fn.definition.typeId)?.opcode !== Op.TypeVoid,
      parameters: fn.parameters.map((p) => p.resultId),
    });
  }
  return callees;
}

/** The decorations (by target) of the callees' result ids and of the callees themselves. */
function calleeDecorations(module: Module, callees: Map<number, Callee>): Map<number, Instruction[]> {
  const targets = new Set<number>();
  for (const callee of callees.values()) {
    targets.add(callee.fn.id);
    for (const block of callee.blocks) for (const inst of block.instructions) if (inst.resultId !== 0) targets.add(inst.resultId);
  }
  const found = new Map<number, Instruction[]>();
  for (const inst of module.annotations) {
    if (!decoratesTarget(inst.opcode) || inst.opcode === Op.MemberDecorate || !targets.has(inst.word(0))) continue;
    let list = found.get(inst.word(0));
    if (list === undefined) found.set(inst.word(0), (list = []));
    list.push(inst);
  }
  return found;
}

/** Inlines every call of `fn` that can be, in the copies too. Whether anything was inlined. */
function inlineCalls(state: Inliner, fn: Function): boolean {
  const newVariables: Instruction[] = [];
  let changed = false;
  let byLabel: Map<number, Block> | undefined;
  for (let bi = 0; bi < fn.blocks.length;) {
    const block = fn.blocks[bi];
    const at = block.instructions.findIndex((i) => i.opcode === Op.FunctionCall && canInline(state, block, i));
    if (at < 0) {
      bi++;
      continue;
    }
    byLabel ??= new Map(fn.blocks.map((b) => [b.id, b]));
    const replacement = inlineCall(state, byLabel, block, at, newVariables);
    for (const b of replacement) byLabel.set(b.id, b);
    fn.blocks.splice(bi, 1, ...replacement);
    changed = true;
    // The copy is scanned next: the calls it holds are inlined in turn.
  }
  if (newVariables.length > 0) {
    // After the first block's own variables (debug lines between them included).
    const list = fn.blocks[0].instructions;
    let at = 0;
    for (let i = 0; i < list.length; i++) {
      const op = list[i].opcode;
      if (op === Op.Variable) at = i + 1;
      else if (op !== Op.Line && op !== Op.NoLine && op !== Op.ExtInst) break;
    }
    list.splice(at, 0, ...newVariables);
  }
  return changed;
}

function canInline(state: Inliner, block: Block, call: Instruction): boolean {
  if (!state.callees.has(call.word(0))) return false;
  // An argument that must stay in its block (an OpSampledImage) would be used in the copy's blocks.
  for (let i = 1; i < call.operandCount; i++) {
    const arg = call.word(i);
    if (block.instructions.some((inst) => inst.resultId === arg && SAME_BLOCK.has(inst.opcode))) return false;
  }
  return true;
}

/** The blocks that replace `block`, whose instruction `at` is the call. */
function inlineCall(state: Inliner, byLabel: ReadonlyMap<number, Block>, block: Block, at: number, newVariables: Instruction[]): Block[] {
  const { module, types } = state;
  const call = block.instructions[at];
  const callee = state.callees.get(call.word(0))!;
  const pre = block.instructions.slice(0, at);
  const post = block.instructions.slice(at + 1);
  const loopMerge = mergeInstructionOf(block)?.opcode === Op.LoopMerge ? post[post.length - 2] : undefined;
  const split = callee.blocks.length > 1;
  // A loop header keeps its OpLoopMerge, which must end its block: the copy starts in a block of its own.
  const guarded = loopMerge !== undefined && split;

  const map = new Map<number, number>();
  callee.parameters.forEach((p, i) => map.set(p, call.word(i + 1)));
  for (const b of callee.blocks) {
    map.set(b.label, module.newId());
    for (const inst of b.instructions) if (inst.resultId !== 0) map.set(inst.resultId, module.newId());
  }
  const entryLabel = callee.blocks[0].label;
  if (!guarded) map.set(entryLabel, block.id);
  const copy = (inst: Instruction): Instruction => {
    const c = inst.clone();
    if (c.resultId !== 0) c.resultId = map.get(c.resultId) ?? c.resultId;
    state.ids.uses(inst, (id, operand) => {
      const to = operand >= 0 ? map.get(id) : undefined;
      if (to !== undefined) c.setWord(operand, to);
    });
    for (const d of state.decorations.get(inst.resultId) ?? []) state.newDecorations.push(redecorate(d, c.resultId));
    return c;
  };

  // The callee's variables go to the caller's first block; initializers become stores.
  const starts: Instruction[] = [];
  for (const inst of callee.blocks[0].instructions) {
    if (inst.opcode !== Op.Variable) continue;
    const v = copy(inst);
    if (v.operandCount > 1) {
      starts.push(new Instruction(Op.Store, 0, 0, [v.resultId, v.word(1)]));
      v.setOperands([v.word(0)]);
    }
    newVariables.push(v);
  }
  let returnVar = 0;
  if (callee.returnsValue) {
    const v = new Instruction(Op.Variable, types.pointerType(StorageClass.Function, callee.fn.definition.typeId), module.newId(), [StorageClass.Function]);
    returnVar = v.resultId;
    newVariables.push(v);
    for (const d of state.decorations.get(callee.fn.id) ?? [])
      if (d.opcode === Op.Decorate && d.word(1) === Decoration.RelaxedPrecision) state.newDecorations.push(redecorate(d, returnVar));
  }

  // The copy's blocks: each callee instruction but the variables, the return and the definition link.
  const copied: Block[] = callee.blocks.map((b, k) => {
    const list: Instruction[] = [];
    if (k === 0) list.push(...starts);
    for (const inst of b.instructions) {
      if (inst.opcode === Op.Variable || isDebugFunctionDefinition(inst, state.sets)) continue;
      if (k === callee.returnAt && (inst.opcode === Op.Return || inst.opcode === Op.ReturnValue)) {
        if (inst.opcode === Op.ReturnValue) list.push(new Instruction(Op.Store, 0, 0, [returnVar, map.get(inst.word(0)) ?? inst.word(0)]));
        continue;
      }
      // A declaration of a parameter would name the argument, which need not be a variable.
      if (isDebugInstruction(inst, state.sets, DEBUG_DECLARE) && callee.parameters.includes(inst.word(3))) continue;
      list.push(copy(inst));
    }
    return new Block(new Instruction(Op.Label, 0, map.get(b.label)), list);
  });

  // The code after the call, after the copy's return block: the call's line and scope first, as the
  // copy's own end there.
  const last = copied[callee.returnAt];
  last.instructions.push(...restoreDebugState(state, pre, last.instructions));
  if (callee.returnsValue) last.instructions.push(new Instruction(Op.Load, call.typeId, call.resultId, [returnVar]));
  else state.gone.add(call.resultId);
  let after = post;
  if (guarded) after = post.filter((i) => i !== loopMerge);
  if (split) after = cloneSameBlockOps(state, pre, after);
  let holder = last;
  let extra: Block | undefined;
  if (guarded && loopMerge.word(1) === block.id) {
    // The header was its own continue target: its back edge gets a block of its own, the new one.
    extra = new Block(new Instruction(Op.Label, 0, module.newId()), [after[after.length - 1]]);
    last.instructions.push(...after.slice(0, -1), new Instruction(Op.Branch, 0, 0, [extra.id]));
    loopMerge.setWord(1, extra.id);
    holder = extra;
  } else last.instructions.push(...after);

  let blocks: Block[];
  if (guarded) {
    const first = new Block(block.label, [...pre, loopMerge, new Instruction(Op.Branch, 0, 0, [map.get(entryLabel)!])]);
    blocks = [first, ...copied];
  } else {
    copied[0].label = block.label;
    copied[0].instructions.unshift(...pre);
    blocks = copied;
  }
  if (extra !== undefined) blocks.push(extra);

  // OpPhis that named the calling block as the edge's origin now name the block holding its terminator.
  // (The calling block's own OpPhis, in `pre`, do so when it loops onto itself.)
  if (holder.id !== block.id) {
    const rename = (phis: readonly Instruction[]): void => {
      for (const phi of phis) for (let i = 1; i < phi.operandCount; i += 2) if (phi.word(i) === block.id) phi.setWord(i, holder.id);
    };
    const terminator = holder.instructions[holder.instructions.length - 1];
    state.ids.uses(terminator, (id, operand) => {
      const succ = operand >= 0 ? byLabel.get(id) : undefined;
      if (succ !== undefined) rename(phisOf(succ));
    });
    rename(pre.filter((i) => i.opcode === Op.Phi));
  }
  return blocks;
}

/** A copy of decoration `d` on `target`. */
function redecorate(d: Instruction, target: number): Instruction {
  const c = d.clone();
  c.setWord(0, target);
  return c;
}

/**
 * The line and scope the calling block had at the call, for the code after it, which now follows
 * the copy's return block: for each of OpLine, DebugLine and DebugScope, the last of its kind
 * before the call (an OpNoLine, DebugNoLine or DebugNoScope included), or the "no" form where the
 * call had none and the copy left one of its own in effect.
 */
function restoreDebugState(state: Inliner, pre: readonly Instruction[], copyEnd: readonly Instruction[]): Instruction[] {
  const out: Instruction[] = [];
  const lastOf = (list: readonly Instruction[], is: (i: Instruction) => boolean): Instruction | undefined => {
    for (let i = list.length - 1; i >= 0; i--) if (is(list[i])) return list[i];
    return undefined;
  };
  const ext = (on: number, off: number) => (i: Instruction) => isDebugInstruction(i, state.sets, on) || isDebugInstruction(i, state.sets, off);
  const kinds: { is: (i: Instruction) => boolean; on: (i: Instruction) => boolean; off: (like: Instruction) => Instruction }[] = [
    { is: (i) => i.opcode === Op.Line || i.opcode === Op.NoLine, on: (i) => i.opcode === Op.Line, off: () => new Instruction(Op.NoLine) },
    {
      is: ext(DEBUG_LINE, DEBUG_NO_LINE),
      on: (i) => isDebugInstruction(i, state.sets, DEBUG_LINE),
      off: (like) => new Instruction(Op.ExtInst, like.typeId, state.module.newId(), [like.word(0), DEBUG_NO_LINE]),
    },
    {
      is: ext(DEBUG_SCOPE, DEBUG_NO_SCOPE),
      on: (i) => isDebugInstruction(i, state.sets, DEBUG_SCOPE),
      off: (like) => new Instruction(Op.ExtInst, like.typeId, state.module.newId(), [like.word(0), DEBUG_NO_SCOPE]),
    },
  ];
  for (const { is, on, off } of kinds) {
    const caller = lastOf(pre, is);
    const copied = lastOf(copyEnd, is);
    if (caller !== undefined) out.push(caller.resultId !== 0 ? withId(state, caller) : caller.clone());
    else if (copied !== undefined && on(copied)) out.push(off(copied));
  }
  return out;
}

/** A copy of `inst` with a fresh result id. */
function withId(state: Inliner, inst: Instruction): Instruction {
  const c = inst.clone();
  c.resultId = state.module.newId();
  return c;
}

/**
 * `after` (the calling block's instructions after the call, now in another block), with a fresh
 * copy of each OpSampledImage or OpImage of `pre` it uses put before its first use.
 */
function cloneSameBlockOps(state: Inliner, pre: readonly Instruction[], after: readonly Instruction[]): Instruction[] {
  const defs = new Map<number, Instruction>();
  for (const inst of pre) if (SAME_BLOCK.has(inst.opcode)) defs.set(inst.resultId, inst);
  if (defs.size === 0) return [...after];
  const cloned = new Map<number, number>();
  const out: Instruction[] = [];
  const bring = (inst: Instruction): Instruction => {
    let c: Instruction | undefined;
    state.ids.uses(inst, (id, operand) => {
      if (operand < 0) return;
      const def = defs.get(id);
      if (def === undefined) return;
      let to = cloned.get(id);
      if (to === undefined) {
        const brought = bring(def);
        const copy = brought === def ? def.clone() : brought;
        copy.resultId = state.module.newId();
        out.push(copy);
        to = copy.resultId;
        cloned.set(id, to);
      }
      c ??= inst.clone();
      c.setWord(operand, to);
    });
    return c ?? inst;
  };
  for (const inst of after) out.push(bring(inst));
  return out;
}
