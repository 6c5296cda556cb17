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
} from '@spvkit/core';
import { mergeInstructionOf } from '../control-flow/structuredBlocks.js';
import { DEBUG_LINE, DEBUG_NO_LINE, DEBUG_NO_SCOPE, DEBUG_SCOPE, debugSets } from '../inline/debugInfo.js';
import { removeDeadConstructs } from './deadConstructs.js';
import { removeDeadGlobals } from './deadGlobals.js';
import { EnclosingConstructs } from './enclosingConstructs.js';
import { NUMBERED } from './valueNumbering.js';
import { OPTIMIZER_PRESERVES } from '../optimizerPreserves.js';

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
  preserves: OPTIMIZER_PRESERVES,
  run(module) {
    const functions = module.functions;
    if (functions.length === 0) return UNCHANGED;
    const context: LivenessContext = {
      glsl: glslStd450(module),
      debug: debugSets(module),
      grouped: groupDecorated(module),
      ids: new LocalDefinitions(module.header.bound),
      scratch: new LivenessScratch(),
    };
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
      // What goes from kept blocks is found before the constructs go, which edits their headers.
      const deadInKept = liveness.deadInKeptBlocks();
      for (const id of removeDeadConstructs(module, liveness)) dead.add(id);
      for (const inst of liveness.deadResults()) dead.add(inst.resultId);
      for (const [block, gone] of deadInKept) module.removeWhere(block, (inst) => gone.has(inst));
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
  /** Where each function's definitions are while it is marked. */
  readonly ids: LocalDefinitions;
  /** The marking's arrays, shared by the functions one after another. */
  readonly scratch: LivenessScratch;
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
  /** The function's blocks as marked: {@link blocks} indices are what the arrays below use. */
  private readonly blocks: readonly Block[];
  /** The function's instructions, block after block; an instruction's index is its place here. */
  private readonly insts: Instruction[] = [];
  /** The block of each instruction. These arrays are the run's {@link LivenessScratch}, this function's while it is marked. */
  private readonly blockOf: Int32Array;
  /** Each block's terminator and merge instruction (-1: none). */
  private readonly terminator: Int32Array;
  private readonly merge: Int32Array;
  private readonly live: Uint8Array;
  private readonly liveBlock: Uint8Array;
  /** Marked instructions not yet followed (each is pushed once: the stack never outgrows the function). */
  private readonly work: Int32Array;
  private top = 0;
  /** The stores into each Function variable, as a list through {@link nextStore}, headed at the variable's index. */
  private readonly firstStore: Int32Array;
  private readonly nextStore: Int32Array;
  /** The branches to each block (for the breaks and continues of kept constructs): pairs of (branch, next) in a list per block. */
  private readonly firstBranch: Int32Array;
  private readonly branchList: number[] = [];
  /** Instructions that go unless marked: pure ones and stores into Function variables. */
  private readonly candidates: number[] = [];
  private readonly stores: number[] = [];
  private readonly constructs: EnclosingConstructs | undefined;
  /** The function's definitions: they answer only while this function is marked (the constructor). */
  private readonly ids: LocalDefinitions;
  /** What the marking found, kept once the shared arrays above move on to the next function. */
  private readonly dead: Instruction[] = [];
  private readonly deadInKept = new Map<Block, Set<Instruction>>();
  private readonly gone = new Set<Block>();
  private readonly deadHeaderList: Block[] = [];
  private anythingDead = false;

  constructor(
    readonly fn: Function,
    context: LivenessContext,
    flow: FunctionControlFlow | undefined,
    allControlLive = false,
  ) {
    const ids = context.ids;
    this.ids = ids;
    ids.begin();
    this.blocks = fn.blocks.slice();
    const blocks = this.blocks;
    let count = 0;
    for (const block of blocks) count += block.instructions.length;
    const scratch = context.scratch.prepare(count, blocks.length);
    this.blockOf = scratch.blockOf;
    this.live = scratch.live;
    this.work = scratch.work;
    this.firstStore = scratch.firstStore;
    this.nextStore = scratch.nextStore;
    this.terminator = scratch.terminator;
    this.merge = scratch.merge;
    this.liveBlock = scratch.liveBlock;
    this.firstBranch = scratch.firstBranch;
    this.constructs = flow === undefined ? undefined : new EnclosingConstructs(flow);
    const insts = this.insts;
    for (let b = 0; b < blocks.length; b++) {
      const list = blocks[b].instructions;
      ids.define(blocks[b].id, -(b + 1));
      for (const inst of list) {
        this.blockOf[insts.length] = b;
        if (inst.resultId !== 0) ids.define(inst.resultId, insts.length);
        insts.push(inst);
      }
      if (list.length > 0) this.terminator[b] = insts.length - 1;
      if (mergeInstructionOf(blocks[b]) !== undefined) this.merge[b] = insts.length - 2;
    }
    // The branches to each label, for the breaks and continues of kept constructs.
    for (let b = 0; b < blocks.length; b++) {
      const at = this.terminator[b];
      if (at < 0) continue;
      const branch = insts[at];
      const opcode = branch.opcode;
      if (!(opcode === Op.Branch || opcode === Op.BranchConditional || opcode === Op.Switch)) continue;
      // An OpSwitch's case literals are as wide as its selector, which its words do not say: every
      // word that is a label here counts (a literal equal to one only keeps a branch, which is safe).
      const first = opcode === Op.Branch ? 0 : 1;
      const last = opcode === Op.BranchConditional ? 3 : branch.operandCount;
      for (let i = first; i < last; i++) {
        const target = this.blockNamed(branch.word(i));
        if (target < 0) continue;
        const head = this.firstBranch[target];
        // The same target twice (a switch's cases) is listed once.
        if (head >= 0 && this.branchList[head] === at) continue;
        this.firstBranch[target] = this.branchList.length;
        this.branchList.push(at, head);
      }
    }
    const roots: number[] = [];
    for (let i = 0; i < count; i++) {
      const inst = insts[i];
      const opcode = inst.opcode;
      // A volatile store stays whatever it stores into.
      if (opcode === Op.Store && (inst.operandCount < 3 || (inst.word(2) & 1) === 0)) {
        const variable = this.functionVariableOf(inst.word(0));
        if (variable >= 0) {
          this.nextStore[i] = this.firstStore[variable];
          this.firstStore[variable] = i;
          this.stores.push(i);
          continue;
        }
      } else if (isPure(inst, context.glsl) && !context.grouped.has(inst.resultId)) {
        this.candidates.push(i);
        continue;
      } else if (
        !allControlLive &&
        (CONTROL.has(opcode) || LINES.has(opcode) || (opcode === Op.ExtInst && DEBUG_PLACING.has(inst.word(1)) && context.debug.has(inst.word(0))))
      ) {
        continue;
      }
      roots.push(i);
    }
    // The entry block stays; so does a construct whose merge block nothing reaches (it never
    // exits the normal way: a loop that runs forever is not removed).
    if (blocks.length > 0) this.markBlock(0);
    if (flow !== undefined) {
      for (let b = 0; b < blocks.length; b++) {
        const merge = flow.reachable(blocks[b]) ? flow.mergeBlock(blocks[b]) : undefined;
        if (merge !== undefined && !flow.reachable(merge)) this.markHeader(b);
      }
    }
    for (const i of roots) this.mark(i);
    this.propagate();
    // What goes is read off the marks now: the arrays are the next function's once this returns.
    const { live, liveBlock } = this;
    for (const i of this.candidates) if (live[i] === 0) this.dead.push(this.insts[i]);
    for (const list of [this.candidates, this.stores]) {
      for (const i of list) {
        const b = this.blockOf[i];
        if (live[i] !== 0 || liveBlock[b] === 0) continue;
        const block = blocks[b];
        let dead = this.deadInKept.get(block);
        if (dead === undefined) this.deadInKept.set(block, (dead = new Set()));
        dead.add(this.insts[i]);
      }
    }
    for (let b = 0; b < blocks.length; b++) {
      if (liveBlock[b] === 0) this.gone.add(blocks[b]);
      else if (this.headerIsDead(b)) this.deadHeaderList.push(blocks[b]);
    }
    this.anythingDead = this.deadInKept.size > 0 || this.gone.size > 0 || this.deadHeaderList.length > 0;
  }

  /** Whether anything of the function is not live: an instruction, a store, a header's branch or a block. */
  removesAnything(): boolean {
    return this.anythingDead;
  }

  /** The instructions with a result that are not live (those in removed blocks among them). */
  deadResults(): readonly Instruction[] {
    return this.dead;
  }

  /** The instructions of kept blocks that go (results and stores nothing live needs), by block. */
  deadInKeptBlocks(): ReadonlyMap<Block, ReadonlySet<Instruction>> {
    return this.deadInKept;
  }

  /** The blocks that go: their labels are not live. */
  goneBlocks(): Set<Block> {
    return new Set(this.gone);
  }

  /** The kept headers whose merge instruction is not live: their constructs go. */
  deadHeaders(): readonly Block[] {
    return this.deadHeaderList;
  }

  private headerIsDead(b: number): boolean {
    const merge = this.merge[b];
    return merge >= 0 && this.liveBlock[b] !== 0 && this.live[merge] === 0;
  }

  /** The index of the block labelled `id`; -1 where this function has none. */
  private blockNamed(id: number): number {
    const slot = this.ids.lookup(id);
    return slot < 0 ? -(slot + 1) : -1;
  }

  /** The index of the instruction defining `id` in this function; -1 where it defines none (labels among them). */
  private definition(id: number): number {
    const slot = this.ids.lookup(id);
    return slot >= 0 && slot !== NONE ? slot : -1;
  }

  private mark(i: number): void {
    if (this.live[i] !== 0) return;
    this.live[i] = 1;
    this.work[this.top++] = i;
  }

  /** A block stays: its label is live. */
  private markBlock(b: number): void {
    if (this.liveBlock[b] !== 0) return;
    this.liveBlock[b] = 1;
    if (this.merge[b] < 0) {
      if (this.terminator[b] >= 0) this.mark(this.terminator[b]);
    } else {
      // The header's branch may go, to its merge block: that block stays.
      const mergeBlock = this.blockNamed(this.insts[this.merge[b]].word(0));
      if (mergeBlock >= 0) this.markBlock(mergeBlock);
    }
    const around = this.constructs?.of(this.blocks[b]);
    if (around !== undefined) {
      const header = this.blockNamed(around.id);
      if (header >= 0) this.markHeader(header);
    }
  }

  /** A construct stays: its header's merge instruction and branch are live. */
  private markHeader(b: number): void {
    if (this.merge[b] < 0) return;
    this.mark(this.merge[b]);
    this.mark(this.terminator[b]);
  }

  private propagate(): void {
    const { work, insts } = this;
    while (this.top > 0) {
      const i = work[--this.top];
      const inst = insts[i];
      if (inst.typeId !== 0) this.wake(inst.typeId);
      const count = inst.operandCount;
      // Every operand word that names a function-local definition is a read (literals that
      // happen to equal such an id only keep something alive, which is safe).
      for (let k = 0; k < count; k++) this.wake(inst.word(k));
      // Labels, which are small ids that literals often equal, only where they can be operands.
      this.wakeLabels(inst);
      const b = this.blockOf[i];
      this.markBlock(b);
      const merge = this.merge[b];
      if (merge < 0) continue;
      // Anything live in a loop header runs once per iteration: the loop stays. A header's
      // merge instruction and branch stay or go together.
      if (insts[merge].opcode === Op.LoopMerge || i === merge || i === this.terminator[b]) this.markHeader(b);
      if (i === merge) this.markExits(b);
    }
  }

  private wake(id: number): void {
    const def = this.definition(id);
    if (def < 0 || this.live[def] !== 0) return;
    this.mark(def);
    if (this.insts[def].opcode !== Op.Variable) return;
    for (let store = this.firstStore[def]; store >= 0; store = this.nextStore[store]) this.mark(store);
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
    for (let k = first; k < end; k += step) {
      const b = this.blockNamed(inst.word(k));
      if (b >= 0) this.markBlock(b);
    }
  }

  /** A kept construct keeps its breaks (and, for a loop, its continues). */
  private markExits(header: number): void {
    const constructs = this.constructs;
    if (constructs === undefined) return;
    const headerBlock = this.blocks[header];
    const merge = this.insts[this.merge[header]];
    const { branchList } = this;
    const inside = (branch: number): Block | undefined => {
      const from = this.blocks[this.blockOf[branch]];
      return constructs.holds(headerBlock, from) ? from : undefined;
    };
    const mergeBlock = this.blockNamed(merge.word(0));
    if (mergeBlock >= 0) {
      for (let at = this.firstBranch[mergeBlock]; at >= 0; at = branchList[at + 1]) {
        if (inside(branchList[at]) !== undefined) this.mark(branchList[at]);
      }
    }
    if (merge.opcode !== Op.LoopMerge) return;
    const target = merge.word(1);
    const continueBlock = this.blockNamed(target);
    if (continueBlock < 0) return;
    for (let at = this.firstBranch[continueBlock]; at >= 0; at = branchList[at + 1]) {
      const branch = branchList[at];
      const from = inside(branch);
      if (from === undefined) continue;
      // A selection's own way out into the continue target is no continue.
      const own = mergeInstructionOf(from);
      if (own !== undefined) {
        if (own.opcode === Op.SelectionMerge && own.word(0) === target) continue;
      } else if (this.insts[branch].opcode === Op.Branch) {
        const around = constructs.of(from);
        const aroundMerge = around === undefined ? undefined : mergeInstructionOf(around);
        if (aroundMerge?.opcode === Op.SelectionMerge && aroundMerge.word(0) === target) continue;
      }
      this.mark(branch);
    }
  }

  /** The index of the Function variable a pointer is, or is an access chain into; -1 for any other pointer. */
  private functionVariableOf(pointer: number): number {
    for (let def = this.definition(pointer); def >= 0; def = this.definition(this.insts[def].word(0))) {
      const inst = this.insts[def];
      if (inst.opcode === Op.Variable) return inst.word(0) === StorageClass.Function ? def : -1;
      if (inst.opcode !== Op.AccessChain && inst.opcode !== Op.InBoundsAccessChain) return -1;
    }
    return -1;
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

/**
 * Function-local definitions by id, for the marking of every function of one run: ids are unique
 * in a module, so one pair of arrays serves all functions, each slot stamped with the function
 * that wrote it (a literal word equal to another function's id then finds nothing). A slot holds
 * an instruction's index in its function, or a block's index as `-(index + 1)`.
 */
export class LocalDefinitions {
  private slot: Int32Array;
  private owner: Int32Array;
  private serial = 0;

  constructor(bound: number) {
    this.slot = new Int32Array(bound);
    this.owner = new Int32Array(bound);
  }

  /** Starts a function: the slots of the ones before no longer answer. */
  begin(): void {
    this.serial++;
  }

  define(id: number, value: number): void {
    if (id >= this.slot.length) this.grow(id + 1);
    this.slot[id] = value;
    this.owner[id] = this.serial;
  }

  /** The slot of `id` in the current function; NONE where the function defines no such id. */
  lookup(id: number): number {
    return id < this.owner.length && this.owner[id] === this.serial ? this.slot[id] : NONE;
  }

  private grow(length: number): void {
    const size = Math.max(length, this.slot.length * 2);
    const slot = new Int32Array(size);
    const owner = new Int32Array(size);
    slot.set(this.slot);
    owner.set(this.owner);
    this.slot = slot;
    this.owner = owner;
  }
}

/** What {@link LocalDefinitions.lookup} answers for an id the function does not define (no slot is this large). */
const NONE = 0x7fffffff;

/**
 * The arrays of one function's marking, allocated once per run and grown to the largest function:
 * a module of thousands of small functions would otherwise allocate nine typed arrays for each,
 * every time the pass runs. {@link prepare} clears what a marking reads before writing.
 */
class LivenessScratch {
  blockOf = new Int32Array(0);
  live = new Uint8Array(0);
  work = new Int32Array(0);
  firstStore = new Int32Array(0);
  nextStore = new Int32Array(0);
  terminator = new Int32Array(0);
  merge = new Int32Array(0);
  liveBlock = new Uint8Array(0);
  firstBranch = new Int32Array(0);

  /** Arrays for `count` instructions in `blocks` blocks, cleared where they are read before written. */
  prepare(count: number, blocks: number): this {
    if (this.live.length < count) {
      const size = Math.max(count, this.live.length * 2);
      this.blockOf = new Int32Array(size);
      this.live = new Uint8Array(size);
      this.work = new Int32Array(size);
      this.firstStore = new Int32Array(size);
      this.nextStore = new Int32Array(size);
    }
    if (this.liveBlock.length < blocks) {
      const size = Math.max(blocks, this.liveBlock.length * 2);
      this.terminator = new Int32Array(size);
      this.merge = new Int32Array(size);
      this.liveBlock = new Uint8Array(size);
      this.firstBranch = new Int32Array(size);
    }
    this.live.fill(0, 0, count);
    this.firstStore.fill(-1, 0, count);
    this.terminator.fill(-1, 0, blocks);
    this.merge.fill(-1, 0, blocks);
    this.liveBlock.fill(0, 0, blocks);
    this.firstBranch.fill(-1, 0, blocks);
    return this;
  }
}
