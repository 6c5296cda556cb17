import {
  CallGraphAnalysis,
  Decoration,
  DecorationsAnalysis,
  Instruction,
  Op,
  InstructionWalker,
  SourceLocationsAnalysis,
  decodeLiteralString,
  extInstSetByName,
  isConstantCreation,
  isTypeDeclaration,
  NonSemanticShaderDebugInfo100 as DebugInfo100,
  walkOperands,
  type AppliedDecoration,
  type CallGraph,
  type Module,
  type OperandContext,
  OperandTables,
  type SourceLocation,
  createIdFlags,
  moduleWordEstimate,
  type IdFlags,
} from '@spvkit/core';
import { TypeTable } from './typeShapes.js';

/** One object a `BuiltIn` decoration applies to. */
export interface BuiltinTarget {
  readonly builtIn: number;
  /** The OpDecorate / OpMemberDecorate (or OpGroup*Decorate) that applies it. */
  readonly decoration: AppliedDecoration;
  /**
   * `variable`: an OpVariable; `member`: a member of a struct type (reached through the variables of
   * that Block type); `constant`: a constant or spec constant; `other`: anything else (invalid).
   */
  readonly kind: 'variable' | 'member' | 'constant' | 'other';
  /** The decorated id: the variable, the struct type, the constant. */
  readonly id: number;
  readonly member?: number;
  /** The data type: a variable's pointee, a member's type, a constant's type (0 when unknown). */
  readonly typeId: number;
  /** The declaring instruction of `id`. */
  readonly def: Instruction | undefined;
  /** The variables holding it: the variable itself, or each variable of the Block type. */
  readonly instances: BuiltinInstance[];
}

/** Where in the function bodies a use is: which function, and which instruction of it. */
export interface UseSite {
  /** The instruction (a view of its words when the bodies were scanned undecoded; see {@link CollectedBuiltins.resolve}). */
  readonly inst: Instruction;
  /** Index of the function in `module.functions`. */
  readonly fnIndex: number;
  /** Index of the instruction in that function's `allInstructions()` order. */
  readonly ordinal: number;
  /** The debug line in effect, as raw words, when the bodies were scanned undecoded. */
  readonly line?: RawLine;
}

/** An OpLine (`kind` 1: file string, line, column) or a DebugLine (`kind` 2: DebugSource, line constant, column constant). */
interface RawLine {
  readonly kind: 1 | 2;
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/** A variable (or constant) through which a target is used, with the uses found for it. */
export interface BuiltinInstance {
  readonly id: number;
  readonly def: Instruction;
  /** Storage class of the variable; undefined for a constant. */
  readonly storageClass: number | undefined;
  /** Function id -> the first use in that function through this instance. */
  readonly uses: Map<number, UseSite>;
  /** Function id -> the first write (OpStore, OpCopyMemory to it, OpAtomicStore) in that function. */
  readonly writes: Map<number, UseSite>;
  /** Whether writes are looked for (only for built-ins with a rule about writing them). */
  readonly wantsWrites: boolean;
}

export interface CollectedBuiltins {
  readonly targets: readonly BuiltinTarget[];
  readonly types: TypeTable;
  readonly calls: CallGraph;
  /** The module's own Instruction for a use site (decodes the function bodies if still undecoded). */
  resolve(site: UseSite): Instruction;
  /** The source position of a use site (OpLine / DebugLine in effect), without decoding the bodies. */
  locate(site: UseSite): SourceLocation | undefined;
}

/** A Block variable being followed through access chains: how many array levels remain before its members. */
interface BlockPointer {
  readonly instanceOf: ReadonlyMap<number, { target: BuiltinTarget; instance: BuiltinInstance }>;
  readonly levelsLeft: number;
}

type Tracked = { plain: { target: BuiltinTarget; instance: BuiltinInstance }[]; block: BlockPointer[] };

/** Instructions that write through their first operand. */
const WRITES = new Set<number>([Op.Store, Op.CopyMemory, Op.CopyMemorySized, Op.AtomicStore]);
const ACCESS_CHAINS = new Set<number>([Op.AccessChain, Op.InBoundsAccessChain, Op.PtrAccessChain, Op.InBoundsPtrAccessChain]);

/**
 * Finds every BuiltIn decoration of `module`, what it decorates, and the first use of it in each
 * function. A use of a Block member is an access chain that selects that member; an operation on
 * the whole block (load, store, copy, call argument) uses every member.
 *
 * Function bodies still held as undecoded words (a freshly decoded module) are scanned as words:
 * only instructions that mention a built-in are looked at as instructions, so a large module is
 * not decoded just to be validated.
 */
export function collectBuiltins(module: Module, options: { wantsWrites?: (builtIn: number) => boolean } = {}): CollectedBuiltins {
  const wantsWrites = options.wantsWrites ?? (() => false);
  const decorations = module.analysis(DecorationsAnalysis);
  const defs = new Map<number, Instruction>();
  for (const inst of module.globals) if (inst.resultId !== 0) defs.set(inst.resultId, inst);
  const types = new TypeTable(defs);

  const targets: BuiltinTarget[] = [];
  const memberTargets = new Map<number, Map<number, BuiltinTarget>>(); // struct id -> member -> target
  const seen = new Set<string>();
  const addFromId = (id: number): void => {
    for (const d of decorations.of(id)) {
      if (d.decoration !== Decoration.BuiltIn) continue;
      const key = `${id}:${d.params[0]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const def = defs.get(id);
      let kind: BuiltinTarget['kind'] = 'other';
      let typeId = 0;
      const instances: BuiltinInstance[] = [];
      if (def !== undefined && def.opcode === Op.Variable) {
        kind = 'variable';
        typeId = types.pointer(def.typeId)?.pointee ?? 0;
        instances.push({ id, def, storageClass: def.word(0), uses: new Map(), writes: new Map(), wantsWrites: wantsWrites(d.params[0]) });
      } else if (def !== undefined && isConstantCreation(def.opcode)) {
        kind = 'constant';
        typeId = def.typeId;
        instances.push({ id, def, storageClass: undefined, uses: new Map(), writes: new Map(), wantsWrites: false });
      }
      targets.push({ builtIn: d.params[0], decoration: d, kind, id, typeId, def, instances });
    }
    for (const [member, list] of decorations.members(id)) {
      for (const d of list) {
        if (d.decoration !== Decoration.BuiltIn) continue;
        const key = `${id}.${member}:${d.params[0]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const def = defs.get(id);
        const typeId = def !== undefined && def.opcode === Op.TypeStruct ? def.word(member) : 0;
        const target: BuiltinTarget = { builtIn: d.params[0], decoration: d, kind: 'member', id, member, typeId, def, instances: [] };
        targets.push(target);
        let m = memberTargets.get(id);
        if (m === undefined) memberTargets.set(id, (m = new Map<number, BuiltinTarget>()));
        m.set(member, target);
      }
    }
  };
  // Annotation order, so diagnostics come out in a stable, readable order.
  const visited = new Set<number>();
  for (const inst of module.annotations) {
    const ids: number[] = [];
    switch (inst.opcode) {
      case Op.Decorate:
      case Op.DecorateId:
      case Op.MemberDecorate:
        ids.push(inst.word(0));
        break;
      case Op.GroupDecorate:
        for (let i = 1; i < inst.operandCount; i++) ids.push(inst.word(i));
        break;
      case Op.GroupMemberDecorate:
        for (let i = 1; i < inst.operandCount; i += 2) ids.push(inst.word(i));
        break;
    }
    for (const id of ids) {
      if (visited.has(id)) continue;
      visited.add(id);
      addFromId(id);
    }
  }

  if (targets.length === 0) return { targets, types, calls: module.analysis(CallGraphAnalysis), resolve: (site) => site.inst, locate: () => undefined };

  // Ids to follow into function bodies.
  const bound = module.header.bound;
  const tracked = new Map<number, Tracked>();
  // Sized by the module, not by its declared bound (which a tiny module may set to millions).
  const flag = createIdFlags(bound + 1, moduleWordEstimate(module));
  const track = (id: number): Tracked => {
    let t = tracked.get(id);
    if (t === undefined) {
      tracked.set(id, (t = { plain: [], block: [] }));
      if (id <= bound) flag.add(id);
    }
    return t;
  };
  for (const target of targets) {
    for (const instance of target.instances) track(instance.id).plain.push({ target, instance });
  }
  // Variables of Block types with built-in members (possibly arrays of blocks: per-vertex I/O).
  if (memberTargets.size > 0) {
    for (const inst of module.globals) {
      if (inst.opcode !== Op.Variable) continue;
      const ptr = types.pointer(inst.typeId);
      if (ptr === undefined) continue;
      let t = ptr.pointee;
      let levels = 0;
      for (let e = types.arrayElement(t); e !== undefined && levels < 4; e = types.arrayElement(t)) {
        t = e;
        levels++;
      }
      const members = memberTargets.get(t);
      if (members === undefined) continue;
      const instanceOf = new Map<number, { target: BuiltinTarget; instance: BuiltinInstance }>();
      for (const [member, target] of members) {
        const instance: BuiltinInstance = { id: inst.resultId, def: inst, storageClass: inst.word(0), uses: new Map(), writes: new Map(), wantsWrites: false };
        target.instances.push(instance);
        instanceOf.set(member, { target, instance });
      }
      track(inst.resultId).block.push({ instanceOf, levelsLeft: levels });
    }
  }

  const ctx = lightOperandContext(module);
  // Global instructions computed from a tracked id (spec-constant ops over WorkgroupSize, ...).
  if (tracked.size > 0) {
    for (const inst of module.globals) {
      if (inst.resultId === 0 || isTypeDeclaration(inst.opcode) || inst.opcode === Op.ExtInst || inst.opcode === Op.Variable) continue;
      if (!anyFlagged(inst, flag)) continue;
      walkOperands(inst, ctx, (kind, start) => {
        if (kind !== 'IdRef') return;
        const from = tracked.get(inst.word(start));
        if (from !== undefined && from.plain.length > 0) track(inst.resultId).plain.push(...from.plain);
      });
    }
  }

  const nonSemanticSets = new Set<number>();
  const debugInfoSets = new Set<number>();
  for (const inst of module.extInstImports) {
    const name = decodeLiteralString(inst.operands, 0, inst.operandCount).value;
    if (name.startsWith('NonSemantic.')) nonSemanticSets.add(inst.resultId);
    if (name.startsWith('NonSemantic.Shader.DebugInfo.') && extInstSetByName(name) !== undefined) debugInfoSets.add(inst.resultId);
  }

  let fnId = 0;
  let fnIndex = -1;
  const onFunction = (id: number): void => {
    fnId = id;
    fnIndex++;
  };
  /** An instruction of a function body that mentions a tracked id. */
  const onHit = (inst: Instruction, ordinal: number, line?: RawLine): void => {
    if (inst.opcode === Op.ExtInst && nonSemanticSets.has(inst.word(0))) return;
    if (inst.opcode === Op.Line) return;
    const site: UseSite = line === undefined ? { inst, fnIndex, ordinal } : { inst, fnIndex, ordinal, line };
    const record = (entry: { instance: BuiltinInstance }): void => {
      if (!entry.instance.uses.has(fnId)) entry.instance.uses.set(fnId, site);
    };
    forEachIdOperand(inst, ctx, (at) => {
      const entry = tracked.get(inst.word(at));
      if (entry === undefined) return;
      const write = at === 0 && WRITES.has(inst.opcode);
      for (const p of entry.plain) {
        record(p);
        if (write && !p.instance.writes.has(fnId)) p.instance.writes.set(fnId, site);
      }
      for (const b of entry.block) followBlock(b, inst, at, types, record, track);
    });
  };

  /**
   * Whether a mention of `id` in the current function can still tell something new: always for
   * Block pointers (access chains select members), else only until each instance has its first
   * use in this function.
   */
  const worthVisiting = (id: number): boolean => {
    const entry = tracked.get(id);
    if (entry === undefined) return false;
    if (entry.block.length > 0) return true;
    for (const p of entry.plain) if (!p.instance.uses.has(fnId) || (p.instance.wantsWrites && !p.instance.writes.has(fnId))) return true;
    return false;
  };

  const lazyWords = module.hasLazyFunctions ? module.lazyFunctionWords() : null;
  if (lazyWords !== null) {
    scanWords(lazyWords, flag, debugInfoSets, onFunction, worthVisiting, onHit);
  } else {
    for (const fn of module.functions) {
      onFunction(fn.id);
      let ordinal = 0;
      for (const inst of fn.allInstructions()) {
        if (inst.typeId !== 0 && inst.resultId !== 0) ctx.noteType(inst.resultId, inst.typeId);
        if (tracked.size > 0 && anyFlagged(inst, flag)) onHit(inst, ordinal);
        ordinal++;
      }
    }
  }

  let flat: Instruction[][] | undefined;
  let lineText: { strings: Map<number, string>; uints: Map<number, number>; sources: Map<number, string> } | undefined;
  return {
    locate(site) {
      if (lazyWords === null || module.hasLazyFunctions === false) return module.analysis(SourceLocationsAnalysis).of(this.resolve(site));
      const line = site.line;
      if (line === undefined) return undefined;
      lineText ??= debugLineText(module, debugInfoSets);
      if (line.kind === 1) {
        const file = lineText.strings.get(line.a);
        return { ...(file !== undefined ? { file } : {}), line: line.b, column: Math.max(1, line.c) };
      }
      const file = lineText.sources.get(line.a);
      const at = lineText.uints.get(line.b);
      if (at === undefined) return undefined;
      return { ...(file !== undefined ? { file } : {}), line: at, column: Math.max(1, lineText.uints.get(line.c) ?? 1) };
    },
    targets,
    types,
    // The call graph reads undecoded bodies without decoding them.
    calls: module.analysis(CallGraphAnalysis),
    resolve(site) {
      if (lazyWords === null) return site.inst;
      flat ??= [];
      let list = flat[site.fnIndex];
      if (list === undefined) {
        const fn = module.functions[site.fnIndex];
        list = fn === undefined ? [] : [...fn.allInstructions()];
        flat[site.fnIndex] = list;
      }
      const found = list[site.ordinal];
      if (found !== undefined && sameInstruction(found, site.inst)) return found;
      return list.find((i) => sameInstruction(i, site.inst)) ?? site.inst;
    },
  };
}

/**
 * Walks undecoded function words: function boundaries, and — only for instructions with a
 * word equal to a tracked id that can still tell something new — a view of the instruction for `onHit`.
 */
function scanWords(
  words: Uint32Array,
  flag: IdFlags,
  debugInfoSets: ReadonlySet<number>,
  onFunction: (id: number) => void,
  worthVisiting: (id: number) => boolean,
  onHit: (inst: Instruction, ordinal: number, line: RawLine | undefined) => void,
): void {
  const walk = new InstructionWalker(words);
  let ordinal = 0;
  // The debug line in effect, with the rules of SourceLocationsAnalysis: from an OpLine or
  // DebugLine to the next one, an OpNoLine / DebugNoLine, or the end of the block.
  let line: RawLine | undefined;
  while (walk.next()) {
    const { opcode, operandStart: at, end } = walk;
    if (opcode === Op.Function) {
      onFunction(walk.resultId);
      line = undefined;
    } else if (opcode === Op.Label || opcode === Op.NoLine) {
      line = undefined;
    } else if (opcode === Op.Line) {
      line = { kind: 1, a: words[at], b: words[at + 1], c: words[at + 2] };
    } else if (opcode === Op.ExtInst && debugInfoSets.has(words[at])) {
      const which = words[at + 1];
      if (which === DebugInfo100.DebugLine) line = { kind: 2, a: words[at + 2], b: words[at + 3], c: words[at + 5] };
      else if (which === DebugInfo100.DebugNoLine) line = undefined;
    }
    // Result types of function values are not noted here: they only matter to the literal widths
    // of an OpSwitch whose selector is a function value, and such a selector is never a built-in.
    for (let i = at; i < end; i++) {
      const w = words[i];
      if (flag.has(w) && worthVisiting(w)) {
        onHit(walk.instruction(), ordinal, line);
        break;
      }
    }
    // Ordinals follow Function.allInstructions(): what precedes OpFunction (debug lines) belongs to it.
    ordinal = opcode === Op.FunctionEnd ? 0 : ordinal + 1;
  }
}

/** OpString texts, 32-bit constants and DebugSource files: what raw debug lines refer to. */
function debugLineText(
  module: Module,
  debugInfoSets: ReadonlySet<number>,
): { strings: Map<number, string>; uints: Map<number, number>; sources: Map<number, string> } {
  const strings = new Map<number, string>();
  for (const inst of module.debugStrings) {
    if (inst.opcode === Op.String) strings.set(inst.resultId, decodeLiteralString(inst.operands, 0, inst.operandCount).value);
  }
  const uints = new Map<number, number>();
  const sources = new Map<number, string>();
  for (const inst of module.globals) {
    if (inst.opcode === Op.Constant && inst.operandCount === 1) uints.set(inst.resultId, inst.word(0));
    else if (inst.opcode === Op.ExtInst && debugInfoSets.has(inst.word(0)) && inst.word(1) === DebugInfo100.DebugSource) {
      const file = strings.get(inst.word(2));
      if (file !== undefined) sources.set(inst.resultId, file);
    }
  }
  return { strings, uints, sources };
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

/** A use of a Block variable (or of a pointer into it): which members it touches. */
function followBlock(
  b: BlockPointer,
  inst: Instruction,
  operandAt: number,
  types: TypeTable,
  record: (entry: { instance: BuiltinInstance }) => void,
  track: (id: number) => Tracked,
): void {
  if (ACCESS_CHAINS.has(inst.opcode) && operandAt === 0) {
    const first = inst.opcode === Op.PtrAccessChain || inst.opcode === Op.InBoundsPtrAccessChain ? 2 : 1;
    const indices = inst.operandCount - first;
    if (indices > b.levelsLeft) {
      const member = types.constantValue(inst.word(first + b.levelsLeft));
      if (member === undefined) {
        for (const e of b.instanceOf.values()) record(e);
      } else {
        const e = b.instanceOf.get(member);
        if (e !== undefined) record(e);
      }
    } else {
      track(inst.resultId).block.push({ instanceOf: b.instanceOf, levelsLeft: b.levelsLeft - indices });
    }
    return;
  }
  if (inst.opcode === Op.CopyObject && inst.resultId !== 0) {
    track(inst.resultId).block.push(b);
    return;
  }
  // A load, store or copy of a whole block (or an array of blocks), or a pointer passed to a call.
  for (const e of b.instanceOf.values()) record(e);
}

function sameInstruction(a: Instruction, b: Instruction): boolean {
  if (a.opcode !== b.opcode || a.typeId !== b.typeId || a.resultId !== b.resultId || a.operandCount !== b.operandCount) return false;
  for (let i = 0; i < a.operandCount; i++) if (a.word(i) !== b.word(i)) return false;
  return true;
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
