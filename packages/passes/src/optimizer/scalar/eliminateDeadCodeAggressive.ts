import {
  Capability,
  ControlFlowAnalysis,
  Op,
  StorageClass,
  UNCHANGED,
  decodeLiteralString,
  type Block,
  type ControlFlow,
  type Function,
  type FunctionControlFlow,
  type Instruction,
  type Module,
  type Pass,
  DefUseAnalysis,
} from '@spvkit/core';
import { mergeInstructionOf } from '../control-flow/structuredBlocks.js';
import { DEBUG_LINE, DEBUG_NO_LINE, DEBUG_NO_SCOPE, DEBUG_SCOPE, debugSets } from '../inline/debugInfo.js';
import { removeDeadConstructs } from './deadConstructs.js';
import { removeDeadGlobals } from './deadGlobals.js';
import { EnclosingConstructs } from './enclosingConstructs.js';
import { NUMBERED } from './valueNumbering.js';

/**
 * Instructions with no effect but their result: they live only when something live reads them.
 * Everything else (stores outside Function memory, calls, atomics, barriers, image writes, kills,
 * emits, ray and mesh operations, every branch, merge and label, OpLine, extended instructions of
 * other sets, NonSemantic debug info) is live by itself. Unknown opcodes are live too.
 */
const PURE: ReadonlySet<number> = new Set([
  // What value numbering may merge computes from its operands alone; besides it, what reads
  // without effect: undefs, phis, derivatives, image reads and queries.
  ...NUMBERED,
  // A copy between layouts of the same type (value numbering leaves it alone: its result type
  // differs from its operand's).
  Op.CopyLogical,
  Op.Undef,
  Op.Phi,
  Op.ArrayLength,
  Op.DPdx,
  Op.DPdy,
  Op.Fwidth,
  Op.DPdxFine,
  Op.DPdyFine,
  Op.FwidthFine,
  Op.DPdxCoarse,
  Op.DPdyCoarse,
  Op.FwidthCoarse,
  Op.SampledImage,
  Op.Image,
  Op.ImageSampleImplicitLod,
  Op.ImageSampleExplicitLod,
  Op.ImageSampleDrefImplicitLod,
  Op.ImageSampleDrefExplicitLod,
  Op.ImageSampleProjImplicitLod,
  Op.ImageSampleProjExplicitLod,
  Op.ImageSampleProjDrefImplicitLod,
  Op.ImageSampleProjDrefExplicitLod,
  Op.ImageFetch,
  Op.ImageGather,
  Op.ImageDrefGather,
  Op.ImageQuerySizeLod,
  Op.ImageQuerySize,
  Op.ImageQueryLod,
  Op.ImageQueryLevels,
  Op.ImageQuerySamples,
]);

/** GLSL.std.450 instructions that write through a pointer operand (Modf, Frexp) or read an input's interpolation (InterpolateAt*). */
const GLSL_NOT_PURE: ReadonlySet<number> = new Set([35, 51, 76, 77, 78]);

/** Annotations and debug names that only describe an id: they go with it. */
const DESCRIBING: ReadonlySet<number> = new Set([
  Op.Name,
  Op.MemberName,
  Op.Decorate,
  Op.DecorateId,
  Op.DecorateString,
  Op.MemberDecorate,
  Op.MemberDecorateString,
]);

/**
 * spirv-opt's `--eliminate-dead-code-aggressive`: in each function, everything with an effect is
 * live (see {@link PURE} for what has none), and so is whatever a live instruction reads; a
 * Function variable is live when something live reads it, and then so is every store into it
 * (through access chains too). Control flow is live only where something live depends on it, as
 * in spirv-opt (see {@link FunctionLiveness}): a block is kept when a live instruction is in it or
 * a live branch or merge instruction names it, and a structured construct (an `if`, a `switch`, a
 * loop) is kept when a block in it is, when a live OpPhi takes a value from it, or when it
 * breaks or continues out to a construct that is kept. A construct nothing keeps goes whole
 * ({@link removeDeadConstructs}): its header branches straight to its merge block, and its
 * blocks go with everything in them (OpLine and debug scopes too); so does the condition it
 * branched on, when nothing else reads it.
 *
 * Loops: spirv-opt removes a loop with nothing live in it whether or not it ends; this pass does
 * too, but for a loop (or selection) whose merge block nothing reaches, which never exits the
 * normal way: it stays (spirv-opt makes such a merge block return).
 *
 * What is not live goes: dead arithmetic, loads nothing uses (not volatile ones), Function
 * variables only ever stored to and their stores, dead constructs, with their names and
 * decorations; then the types, constants and undefs nothing uses any more
 * ({@link removeDeadGlobals}). A decoration group naming a dead id keeps it.
 *
 * @example
 * ```ts
 * runPasses(module, ['eliminate-dead-code-aggressive']); // `%t = OpIAdd %uint %a %b` nothing reads goes
 * ```
 */
export const eliminateDeadCodeAggressive: Pass = {
  name: 'eliminate-dead-code-aggressive',
  description:
    'remove instructions whose results nothing live needs, Function variables only stored to, structured constructs with nothing live in them, and the types and constants nothing uses',
  preserves: [DefUseAnalysis],
  run(module) {
    const functions = module.functions;
    if (functions.length === 0) return UNCHANGED;
    const context: LivenessContext = { glsl: glslStd450(module), debug: debugSets(module), grouped: groupDecorated(module) };
    // Every function is marked before any is edited: an edit drops the control-flow analysis,
    // which is built once for the whole module.
    let flow: ControlFlow | undefined | null;
    const flowOf = (): ControlFlow | null => {
      if (flow === undefined) {
        try {
          flow = module.analysis(ControlFlowAnalysis);
        } catch {
          flow = null; // not well-formed blocks: every branch stays live
        }
      }
      return flow;
    };
    const marked: FunctionLiveness[] = [];
    for (const fn of functions) {
      const structured = fn.blocks.some((b) => mergeInstructionOf(b) !== undefined);
      const fnFlow = structured ? flowOf()?.of(fn) : undefined;
      const liveness = new FunctionLiveness(fn, context, fnFlow, structured && fnFlow === undefined);
      if (liveness.removesAnything()) marked.push(liveness);
    }
    const dead = new Set<number>();
    for (const liveness of marked) {
      const { live } = liveness;
      for (const id of removeDeadConstructs(module, liveness)) dead.add(id);
      for (const inst of liveness.deadResults()) dead.add(inst.resultId);
      for (const block of liveness.fn.blocks)
        module.removeWhere(block, (inst) => !live.has(inst) && (inst.resultId !== 0 ? dead.has(inst.resultId) : inst.opcode === Op.Store));
    }
    const changed = marked.length > 0;
    if (changed) {
      // What named or decorated the removed ids goes with them.
      module.removeWhere('debugNames', (inst) => DESCRIBING.has(inst.opcode) && dead.has(inst.word(0)));
      module.removeWhere('annotations', (inst) => DESCRIBING.has(inst.opcode) && dead.has(inst.word(0)));
    }
    // Then the types and constants only the removed code used (or nothing ever did).
    // A module that links with others may export what looks unused here.
    const linked = module.capabilities.some((c) => c.word(0) === Capability.Linkage);
    if (!linked && removeDeadGlobals(module).size > 0) return { changed: true, diagnostics: [] };
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};

/** What every function's marking reads from the module. */
interface LivenessContext {
  /** The GLSL.std.450 import's id. */
  readonly glsl: number | undefined;
  /** The debug-info imports' ids: their scopes and lines stay or go with their block. */
  readonly debug: ReadonlySet<number>;
  /** Ids decoration groups name: kept. */
  readonly grouped: ReadonlySet<number>;
}

/** Control flow that lives only where something live depends on it. */
const CONTROL: ReadonlySet<number> = new Set([Op.Branch, Op.BranchConditional, Op.Switch, Op.SelectionMerge, Op.LoopMerge, Op.Unreachable]);

/** Line information: it describes the block it is in, and goes with it. */
const LINES: ReadonlySet<number> = new Set([Op.Line, Op.NoLine]);

/** Debug-info instructions that only place the instructions after them, as OpLine does. */
const DEBUG_PLACING: ReadonlySet<number> = new Set([DEBUG_SCOPE, DEBUG_NO_SCOPE, DEBUG_LINE, DEBUG_NO_LINE]);

/**
 * Which instructions and blocks of one function are live: the marking of aggressive dead-code
 * elimination, with control flow live only where something live needs it (spirv-opt's
 * formulation over structured constructs, which stands for control dependence there). An
 * instruction with an effect is live by itself; a live instruction makes live what it reads
 * (values, the labels it names: a live OpPhi so keeps the blocks its values come from) and its
 * block. A live block keeps its terminator, or, for a header, its merge block (the branch there
 * may replace the header's); a block in a construct keeps that construct's header branch and
 * merge instruction, which in turn keep their own block, and so on outward; anything live in a
 * loop header but its label keeps the loop. A kept merge instruction keeps the branches from
 * inside its construct to its merge block (breaks) and, for a loop, those to its continue target
 * (continues: not a selection's own exit into it), so a construct that breaks out of a kept loop
 * is kept. Each instruction and block is marked once: linear in the function.
 *
 * `flow` is the function's control flow, undefined where it has no header (nothing is in a
 * construct); `allControlLive` makes every branch and merge live (control flow the analyses
 * could not read).
 */
export class FunctionLiveness {
  /** The live instructions (labels are not in it: see {@link liveBlocks}). */
  readonly live = new Set<Instruction>();
  /** Blocks whose label is live: they stay. */
  readonly liveBlocks = new Set<Block>();
  private readonly work: Instruction[] = [];
  private readonly local = new Map<number, Instruction>();
  private readonly labels = new Map<number, Block>();
  private readonly blockOf = new Map<Instruction, Block>();
  private readonly storesInto = new Map<number, Instruction[]>();
  private readonly branchesTo = new Map<number, Instruction[]>();
  private readonly candidates: Instruction[] = [];
  private readonly constructs: EnclosingConstructs | undefined;

  constructor(
    readonly fn: Function,
    context: LivenessContext,
    flow: FunctionControlFlow | undefined,
    allControlLive = false,
  ) {
    this.constructs = flow === undefined ? undefined : new EnclosingConstructs(flow);
    for (const block of fn.blocks) {
      this.labels.set(block.id, block);
      for (const inst of block.instructions) {
        this.blockOf.set(inst, block);
        if (inst.resultId !== 0) this.local.set(inst.resultId, inst);
      }
    }
    // The branches to each label, for the breaks and continues of kept constructs.
    for (const block of fn.blocks) {
      const terminator = block.instructions.at(-1);
      if (terminator === undefined || !(terminator.opcode === Op.Branch || terminator.opcode === Op.BranchConditional || terminator.opcode === Op.Switch))
        continue;
      // An OpSwitch's case literals are as wide as its selector, which its words do not say: every
      // word that is a label here counts (a literal equal to one only keeps a branch, which is safe).
      const first = terminator.opcode === Op.Branch ? 0 : 1;
      const last = terminator.opcode === Op.BranchConditional ? 3 : terminator.operandCount;
      const seen = new Set<number>();
      for (let i = first; i < last; i++) {
        const target = terminator.word(i);
        if (!this.labels.has(target) || seen.has(target)) continue;
        seen.add(target);
        let list = this.branchesTo.get(target);
        if (list === undefined) this.branchesTo.set(target, (list = []));
        list.push(terminator);
      }
    }
    const roots: Instruction[] = [];
    for (const block of fn.blocks) {
      for (const inst of block.instructions) {
        const opcode = inst.opcode;
        // A volatile store stays whatever it stores into.
        if (opcode === Op.Store && (inst.operandCount < 3 || (inst.word(2) & 1) === 0)) {
          const variable = functionVariableOf(inst.word(0), this.local);
          if (variable !== undefined) {
            let list = this.storesInto.get(variable);
            if (list === undefined) this.storesInto.set(variable, (list = []));
            list.push(inst);
            continue;
          }
        } else if (isPure(inst, context.glsl) && !context.grouped.has(inst.resultId)) {
          this.candidates.push(inst);
          continue;
        } else if (
          !allControlLive &&
          (CONTROL.has(opcode) || LINES.has(opcode) || (opcode === Op.ExtInst && DEBUG_PLACING.has(inst.word(1)) && context.debug.has(inst.word(0))))
        ) {
          continue;
        }
        roots.push(inst);
      }
    }
    // The entry block stays; so does a construct whose merge block nothing reaches (it never
    // exits the normal way: a loop that runs forever is not removed).
    if (fn.blocks.length > 0) this.markBlock(fn.blocks[0]);
    if (flow !== undefined) {
      for (const block of fn.blocks) {
        const merge = flow.reachable(block) ? flow.mergeBlock(block) : undefined;
        if (merge !== undefined && !flow.reachable(merge)) this.markHeader(block);
      }
    }
    for (const inst of roots) this.mark(inst);
    this.propagate();
  }

  /** Whether anything of the function is not live: an instruction, a store, a header's branch or a block. */
  removesAnything(): boolean {
    if (this.candidates.some((inst) => !this.live.has(inst))) return true;
    for (const list of this.storesInto.values()) for (const store of list) if (!this.live.has(store)) return true;
    return this.fn.blocks.some((b) => !this.liveBlocks.has(b) || this.deadHeader(b));
  }

  /** The instructions with a result that are not live (those in removed blocks among them). */
  deadResults(): Instruction[] {
    return this.candidates.filter((inst) => !this.live.has(inst));
  }

  /** Whether `block` is a kept header whose merge instruction is not live: its construct goes. */
  deadHeader(block: Block): boolean {
    const merge = mergeInstructionOf(block);
    return merge !== undefined && this.liveBlocks.has(block) && !this.live.has(merge);
  }

  private mark(inst: Instruction): void {
    if (this.live.has(inst)) return;
    this.live.add(inst);
    this.work.push(inst);
  }

  /** A block stays: its label is live. */
  private markBlock(block: Block): void {
    if (this.liveBlocks.has(block)) return;
    this.liveBlocks.add(block);
    const merge = mergeInstructionOf(block);
    if (merge === undefined) {
      const terminator = block.instructions.at(-1);
      if (terminator !== undefined) this.mark(terminator);
    } else {
      // The header's branch may go, to its merge block: that block stays.
      const mergeBlock = this.labels.get(merge.word(0));
      if (mergeBlock !== undefined) this.markBlock(mergeBlock);
    }
    const around = this.constructs?.of(block);
    if (around !== undefined) this.markHeader(around);
  }

  /** A construct stays: its header's merge instruction and branch are live. */
  private markHeader(header: Block): void {
    const merge = mergeInstructionOf(header);
    if (merge === undefined) return;
    this.mark(merge);
    this.mark(header.instructions[header.instructions.length - 1]);
  }

  private propagate(): void {
    const { work } = this;
    while (work.length > 0) {
      const inst = work.pop()!;
      if (inst.typeId !== 0) this.wake(inst.typeId);
      const count = inst.operandCount;
      // Every operand word that names a function-local definition is a read (literals that
      // happen to equal such an id only keep something alive, which is safe).
      for (let i = 0; i < count; i++) this.wake(inst.word(i));
      // Labels, which are small ids that literals often equal, only where they can be operands.
      this.wakeLabels(inst);
      const block = this.blockOf.get(inst);
      if (block === undefined) continue;
      this.markBlock(block);
      const merge = mergeInstructionOf(block);
      if (merge === undefined) continue;
      // Anything live in a loop header runs once per iteration: the loop stays. A header's
      // merge instruction and branch stay or go together.
      if (merge.opcode === Op.LoopMerge || inst === merge || inst === block.instructions[block.instructions.length - 1]) this.markHeader(block);
      if (inst === merge) this.markExits(block, merge);
    }
  }

  private wake(id: number): void {
    const def = this.local.get(id);
    if (def === undefined || this.live.has(def)) return;
    this.mark(def);
    if (def.opcode !== Op.Variable) return;
    for (const store of this.storesInto.get(id) ?? []) this.mark(store);
  }

  /** Keeps the blocks `inst` names: a branch's targets, a merge instruction's blocks, the blocks an OpPhi's values come from. */
  private wakeLabels(inst: Instruction): void {
    const count = inst.operandCount;
    let first: number;
    let step = 1;
    let end = count;
    switch (inst.opcode) {
      case Op.Phi:
        first = 1;
        step = 2;
        break;
      case Op.Branch:
      case Op.SelectionMerge:
        first = 0;
        end = 1;
        break;
      case Op.LoopMerge:
        first = 0;
        end = 2;
        break;
      case Op.BranchConditional:
        first = 1;
        end = 3;
        break;
      case Op.Switch:
        // The case literals are as wide as the selector, which the words do not say: every word
        // after the selector that is a label here counts (a literal equal to one only keeps a
        // block, which is safe).
        first = 1;
        break;
      default:
        return;
    }
    for (let i = first; i < end; i += step) {
      const block = this.labels.get(inst.word(i));
      if (block !== undefined) this.markBlock(block);
    }
  }

  /** A kept construct keeps its breaks (and, for a loop, its continues). */
  private markExits(header: Block, merge: Instruction): void {
    const constructs = this.constructs;
    if (constructs === undefined) return;
    const inside = (branch: Instruction): Block | undefined => {
      const from = this.blockOf.get(branch);
      return from !== undefined && constructs.holds(header, from) ? from : undefined;
    };
    for (const branch of this.branchesTo.get(merge.word(0)) ?? []) if (inside(branch) !== undefined) this.mark(branch);
    if (merge.opcode !== Op.LoopMerge) return;
    const target = merge.word(1);
    for (const branch of this.branchesTo.get(target) ?? []) {
      const from = inside(branch);
      if (from === undefined) continue;
      // A selection's own way out into the continue target is no continue.
      const own = mergeInstructionOf(from);
      if (own !== undefined) {
        if (own.opcode === Op.SelectionMerge && own.word(0) === target) continue;
      } else if (branch.opcode === Op.Branch) {
        const around = constructs.of(from);
        const aroundMerge = around === undefined ? undefined : mergeInstructionOf(around);
        if (aroundMerge?.opcode === Op.SelectionMerge && aroundMerge.word(0) === target) continue;
      }
      this.mark(branch);
    }
  }
}

/**
 * Whether `inst` has no effect but its result (see {@link PURE}): `glsl` is the module's
 * GLSL.std.450 import, whose instructions are pure but for those that write memory or read an
 * input's interpolation.
 *
 * @example
 * ```ts
 * if (isPure(inst, glslStd450(module))) module.remove(inst); // once nothing reads it
 * ```
 */
export function isPure(inst: Instruction, glsl: number | undefined): boolean {
  const opcode = inst.opcode;
  if (opcode === Op.Load) return inst.operandCount < 2 || (inst.word(1) & 1) === 0; // not Volatile
  if (opcode === Op.Variable) return inst.word(0) === StorageClass.Function;
  if (opcode === Op.ExtInst) return glsl !== undefined && inst.word(0) === glsl && !GLSL_NOT_PURE.has(inst.word(1));
  return PURE.has(opcode);
}

/** The Function variable a pointer is, or is an access chain into; undefined for any other pointer. */
function functionVariableOf(pointer: number, local: ReadonlyMap<number, Instruction>): number | undefined {
  for (let def = local.get(pointer); def !== undefined; def = local.get(def.word(0))) {
    if (def.opcode === Op.Variable) return def.word(0) === StorageClass.Function ? def.resultId : undefined;
    if (def.opcode !== Op.AccessChain && def.opcode !== Op.InBoundsAccessChain) return undefined;
  }
  return undefined;
}

/** The id of the module's GLSL.std.450 import, if it has one. */
export function glslStd450(module: Module): number | undefined {
  for (const inst of module.extInstImports) if (decodeLiteralString(inst.operands, 0, inst.operandCount).value === 'GLSL.std.450') return inst.resultId;
  return undefined;
}

/** Ids an OpGroupDecorate or OpGroupMemberDecorate names: kept, so the group stays valid. */
function groupDecorated(module: Module): Set<number> {
  const ids = new Set<number>();
  for (const inst of module.annotations) {
    if (inst.opcode === Op.GroupDecorate || inst.opcode === Op.GroupMemberDecorate) for (let i = 1; i < inst.operandCount; i++) ids.add(inst.word(i));
  }
  return ids;
}
