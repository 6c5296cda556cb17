import {
  Op,
  OperandTables,
  createIdFlags,
  isTypeDeclaration,
  moduleWordEstimate,
  walkOperands,
  type IdFlags,
  type Instruction,
  type Module,
  type OperandContext,
} from '@spvkit/core';
import type { BuiltinInstance, HeldTarget } from './targets.js';
import type { TypeTable } from './typeShapes.js';
import type { BodyVisitor, RawLine } from './undecodedBodies.js';

/** Where in the function bodies a use is: which function, and which instruction of it. */
export interface UseSite {
  /** The instruction (a view of its words when the bodies were scanned undecoded; see `CollectedBuiltins.resolve`). */
  readonly inst: Instruction;
  /** Index of the function in `module.functions`. */
  readonly fnIndex: number;
  /** Index of the instruction in that function's `allInstructions()` order. */
  readonly ordinal: number;
  /** The debug line in effect, as raw words, when the bodies were scanned undecoded. */
  readonly line?: RawLine;
}

/** A Block variable being followed through access chains: how many array levels remain before its members. */
export interface BlockPointer {
  readonly instanceOf: ReadonlyMap<number, HeldTarget>;
  readonly levelsLeft: number;
}

/** What an id followed into the bodies stands for: targets it holds whole, Block variables it points into. */
interface Tracked {
  plain: HeldTarget[];
  block: BlockPointer[];
}

/** Instructions that write through their first operand. */
const WRITES = new Set<number>([Op.Store, Op.CopyMemory, Op.CopyMemorySized, Op.AtomicStore]);
const ACCESS_CHAINS = new Set<number>([Op.AccessChain, Op.InBoundsAccessChain, Op.PtrAccessChain, Op.InBoundsPtrAccessChain]);

/**
 * Finds the first use (and, where asked, the first write) of each instance in each function by
 * following ids: the instances' own, then what is computed from them (access chains, copies,
 * spec-constant ops). A use of a Block member is an access chain that selects that member; an
 * operation on the whole block (load, store, copy, call argument) uses every member.
 */
export class UseFinder implements BodyVisitor {
  /** The ids followed, for a quick test of each word of the bodies. */
  readonly flag: IdFlags;
  private readonly tracked = new Map<number, Tracked>();
  private readonly bound: number;
  private readonly ctx: LightContext;
  private fnId = 0;
  private fnIndex = -1;

  constructor(
    private readonly module: Module,
    private readonly types: TypeTable,
    /** OpExtInstImport ids of NonSemantic sets: their instructions mention ids without using them. */
    private readonly nonSemanticSets: ReadonlySet<number>,
  ) {
    this.bound = module.header.bound;
    // Sized by the module, not by its declared bound (which a tiny module may set to millions).
    this.flag = createIdFlags(this.bound + 1, moduleWordEstimate(module));
    this.ctx = lightOperandContext(module);
  }

  /** Follows `id` (a variable, constant, or pointer) as standing for what it holds. */
  track(id: number): Tracked {
    let t = this.tracked.get(id);
    if (t === undefined) {
      this.tracked.set(id, (t = { plain: [], block: [] }));
      if (id <= this.bound) this.flag.add(id);
    }
    return t;
  }

  /** Follows the global instructions computed from a tracked id (spec-constant ops over WorkgroupSize, ...). */
  followGlobals(): void {
    if (this.tracked.size === 0) return;
    for (const inst of this.module.globals) {
      if (inst.resultId === 0 || isTypeDeclaration(inst.opcode) || inst.opcode === Op.ExtInst || inst.opcode === Op.Variable) continue;
      if (!anyFlagged(inst, this.flag)) continue;
      walkOperands(inst, this.ctx, (kind, start) => {
        if (kind !== 'IdRef') return;
        const from = this.tracked.get(inst.word(start));
        if (from !== undefined && from.plain.length > 0) this.track(inst.resultId).plain.push(...from.plain);
      });
    }
  }

  /** Walks the decoded function bodies. */
  scanFunctions(): void {
    for (const fn of this.module.functions) {
      this.enterFunction(fn.id);
      let ordinal = 0;
      for (const inst of fn.allInstructions()) {
        if (inst.typeId !== 0 && inst.resultId !== 0) this.ctx.noteType(inst.resultId, inst.typeId);
        if (this.tracked.size > 0 && anyFlagged(inst, this.flag)) this.visit(inst, ordinal);
        ordinal++;
      }
    }
  }

  enterFunction(id: number): void {
    this.fnId = id;
    this.fnIndex++;
  }

  /**
   * Whether a mention of `id` in the current function can still tell something new: always for
   * Block pointers (access chains select members), else only until each instance has its first
   * use in this function.
   */
  worthVisiting(id: number): boolean {
    const entry = this.tracked.get(id);
    if (entry === undefined) return false;
    if (entry.block.length > 0) return true;
    for (const p of entry.plain) if (!p.instance.uses.has(this.fnId) || (p.instance.wantsWrites && !p.instance.writes.has(this.fnId))) return true;
    return false;
  }

  /** An instruction of a function body that mentions a tracked id. */
  visit(inst: Instruction, ordinal: number, line?: RawLine): void {
    if (inst.opcode === Op.ExtInst && this.nonSemanticSets.has(inst.word(0))) return;
    if (inst.opcode === Op.Line) return;
    const fnId = this.fnId;
    const site: UseSite = line === undefined ? { inst, fnIndex: this.fnIndex, ordinal } : { inst, fnIndex: this.fnIndex, ordinal, line };
    const record = (entry: { instance: BuiltinInstance }): void => {
      if (!entry.instance.uses.has(fnId)) entry.instance.uses.set(fnId, site);
    };
    forEachIdOperand(inst, this.ctx, (at) => {
      const entry = this.tracked.get(inst.word(at));
      if (entry === undefined) return;
      const write = at === 0 && WRITES.has(inst.opcode);
      for (const p of entry.plain) {
        record(p);
        if (write && !p.instance.writes.has(fnId)) p.instance.writes.set(fnId, site);
      }
      for (const b of entry.block) this.followBlock(b, inst, at, record);
    });
  }

  /** A use of a Block variable (or of a pointer into it): which members it touches. */
  private followBlock(b: BlockPointer, inst: Instruction, operandAt: number, record: (entry: { instance: BuiltinInstance }) => void): void {
    if (ACCESS_CHAINS.has(inst.opcode) && operandAt === 0) {
      const first = inst.opcode === Op.PtrAccessChain || inst.opcode === Op.InBoundsPtrAccessChain ? 2 : 1;
      const indices = inst.operandCount - first;
      if (indices > b.levelsLeft) {
        const member = this.types.constantValue(inst.word(first + b.levelsLeft));
        if (member === undefined) {
          for (const e of b.instanceOf.values()) record(e);
        } else {
          const e = b.instanceOf.get(member);
          if (e !== undefined) record(e);
        }
      } else {
        this.track(inst.resultId).block.push({ instanceOf: b.instanceOf, levelsLeft: b.levelsLeft - indices });
      }
      return;
    }
    if (inst.opcode === Op.CopyObject && inst.resultId !== 0) {
      this.track(inst.resultId).block.push(b);
      return;
    }
    // A load, store or copy of a whole block (or an array of blocks), or a pointer passed to a call.
    for (const e of b.instanceOf.values()) record(e);
  }
}

/** Calls `visit` with the index of each id operand of `inst` (fast for the common memory ops). */
function forEachIdOperand(inst: Instruction, ctx: OperandContext, visit: (at: number) => void): void {
  const n = inst.operandCount;
  switch (inst.opcode) {
    case Op.Load:
    case Op.CopyObject:
      visit(0);
      return;
    case Op.Store:
      visit(0);
      visit(1);
      return;
    case Op.AccessChain:
    case Op.InBoundsAccessChain:
    case Op.PtrAccessChain:
    case Op.InBoundsPtrAccessChain:
    case Op.FunctionCall:
    case Op.CompositeConstruct:
      for (let i = 0; i < n; i++) visit(i);
      return;
    case Op.CompositeExtract:
      visit(0);
      return;
  }
  walkOperands(inst, ctx, (kind, start) => {
    if (kind === 'IdRef') visit(start);
  });
}

function anyFlagged(inst: Instruction, flag: IdFlags): boolean {
  const n = inst.operandCount;
  for (let i = 0; i < n; i++) {
    const w = inst.word(i);
    if (flag.has(w)) return true;
  }
  return false;
}

interface LightContext extends OperandContext {
  noteType(id: number, typeId: number): void;
}

/** Operand context built from the globals; result types of function values are noted while scanning. */
function lightOperandContext(module: Module): LightContext {
  const tables = new OperandTables(module.header.bound, moduleWordEstimate(module));
  for (const inst of module.extInstImports) tables.note(inst);
  for (const inst of module.globals) tables.note(inst);
  return tables;
}
