/**
 * lower-local-invocation-index: replaces every load of the `BuiltIn LocalInvocationIndex` input by
 *
 *     LocalInvocationId.z * WorkgroupSize.x * WorkgroupSize.y + LocalInvocationId.y * WorkgroupSize.x + LocalInvocationId.x
 *
 * and removes the variable with its names, decorations, interface entries and debug-info
 * reference. See README.md of @spvkit/passes for the cases and the choices made.
 *
 * The pass works in two phases. The first only reads the module (no analysis that creates
 * anything, no new ids) and throws a SpirvError for anything it cannot lower, so a refused module
 * is untouched. The second edits.
 *
 * Two ways to edit function bodies give the same result:
 * - words: when the bodies are still undecoded (a freshly decoded module) and every use of the
 *   index is a plain OpLoad in a function of one flavor, the new function region is written word
 *   by word, and the module's bodies stay undecoded. This keeps large modules fast.
 * - objects: everything else (pointer copies, parameters, the Private copy, bodies already decoded).
 */
import {
  BuiltIn,
  Decoration,
  DecorationsAnalysis,
  ExecutionModel,
  HOST_ENDIANNESS,
  Instruction,
  NamesAnalysis,
  Op,
  SourceLocationsAnalysis,
  SpirvError,
  StorageClass,
  TypesAnalysis,
  UNCHANGED,
  decodeLiteralString,
  decodeModule,
  encodeModule,
  EnumerantNames,
  enumerantNameIn,
  opcodeName,
  literalStringWordCount,
  moduleOperandContext,
  walkOperands,
  type Block,
  type Diagnostic,
  type EntryPointInfo,
  type Function as SpvFunction,
  type Module,
  type OperandContext,
  type Pass,
  type PassResult,
  type TypeManager,
  createIdFlags,
  moduleWordEstimate,
} from '@spvkit/core';
import {
  COMPUTE_LIKE_MODELS,
  SizeProblem,
  sizeKey,
  sizeOfEntryPoint,
  workgroupSizeConstant,
  workgroupSizeInputs,
  type Dim,
  type SizeOf,
} from './workgroupSize.js';

export const PASS_NAME = 'lower-local-invocation-index';

// Extended instruction numbers shared by NonSemantic.Shader.DebugInfo.100 and OpenCL.DebugInfo.100.
const DEBUG_INFO_NONE = 0;
const DEBUG_GLOBAL_VARIABLE = 18;
const DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND = 9; // operand words: set, inst, Name, Type, Source, Line, Column, Parent, LinkageName, Variable
const DEBUG_DECLARE = 28;
const DEBUG_VALUE = 29;
const DEBUG_INFO_SETS = new Set(['NonSemantic.Shader.DebugInfo.100', 'OpenCL.DebugInfo.100']);

/** A variable decorated BuiltIn LocalInvocationIndex. */
interface IndexVar {
  readonly id: number;
  readonly inst: Instruction;
  /** Its pointee: a scalar integer type. */
  readonly typeId: number;
}

/** An instruction that reads the index (OpLoad, or OpCopyMemory from it), in decoded bodies. */
interface Site {
  readonly fn: SpvFunction;
  readonly block: Block;
  readonly inst: Instruction;
  readonly root: IndexVar;
}

/** An OpLoad of the index found in undecoded bodies: its word position in the function region. */
interface RawSite {
  readonly pos: number;
  readonly wc: number;
  readonly typeId: number;
  readonly resultId: number;
  readonly fnId: number;
}

/** A function parameter through which every caller passes a pointer to the index. */
interface ParamAlias {
  readonly fn: SpvFunction;
  readonly param: Instruction;
}

/** How one entry point computes the index: its size and the LocalInvocationId variable it reads. */
interface Flavor {
  readonly key: string;
  readonly size: SizeOf;
  /** LocalInvocationId variable id, or 0 for the one this pass creates. */
  readonly lid: number;
  /** WorkgroupSize input variable id (kernels without static size), 0 for a new one, -1 when unused. */
  readonly wgs: number;
}

/** What the functions that read the index are, however they were found. */
interface Reader {
  readonly roots: Set<IndexVar>;
  /** A read in it, for messages (may decode the bodies). */
  readonly at: () => Instruction;
}

/** The result of scanning decoded bodies. */
interface ObjectScan {
  readonly sites: Site[];
  /** Instructions to delete: pointer copies, DebugDeclare/DebugValue of the index. */
  readonly dropped: Set<Instruction>;
  readonly droppedBlocks: Set<Block>;
  readonly params: ParamAlias[];
  /** Copies and parameters that go away with the variables. */
  readonly aliasIds: Set<number>;
  readonly callees: Map<number, Set<number>>;
}

/** The result of scanning undecoded bodies. */
interface RawScan {
  readonly sites: RawSite[];
  readonly callees: Map<number, Set<number>>;
}

/**
 * The `lower-local-invocation-index` pass.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import '@spvkit/passes';
 * const result = runPasses(module, ['lower-local-invocation-index']);
 * ```
 */
export function lowerLocalInvocationIndex(): Pass {
  return {
    name: PASS_NAME,
    description: 'replace loads of BuiltIn LocalInvocationIndex by arithmetic on LocalInvocationId and the workgroup size',
    preserves: [],
    run: (module) => run(module),
  };
}

function run(module: Module): PassResult {
  const decorations = module.analysis(DecorationsAnalysis);
  const memberDecoration = module.annotations.find(
    (i) => i.opcode === Op.MemberDecorate && i.word(2) === Decoration.BuiltIn && i.word(3) === BuiltIn.LocalInvocationIndex,
  );
  if (memberDecoration !== undefined) {
    throw fail(module, memberDecoration, 'decorates a struct member BuiltIn LocalInvocationIndex; only an Input variable can be lowered');
  }
  const ids = decorations.idsWithBuiltIn(BuiltIn.LocalInvocationIndex);
  if (ids.length === 0) return UNCHANGED;

  // ---------------------------------------------------------------- phase 1: read and check
  const globals = new GlobalDefs(module);
  const rootOf = new Map<number, IndexVar>();
  const vars: IndexVar[] = ids.map((id) => {
    const inst = globals.def(id);
    if (inst === undefined || inst.opcode !== Op.Variable) {
      const at = inst ?? decorations.of(id)[0]!.instruction;
      throw fail(module, at, `is decorated BuiltIn LocalInvocationIndex but %${id} is not a module-level OpVariable`);
    }
    const ptr = globals.def(inst.typeId);
    const pointee = ptr?.opcode === Op.TypePointer ? globals.def(ptr.word(1)) : undefined;
    if (inst.word(0) !== StorageClass.Input || pointee === undefined || pointee.opcode !== Op.TypeInt) {
      throw fail(module, inst, 'is decorated BuiltIn LocalInvocationIndex but is not an Input variable of a scalar integer type');
    }
    // The index arithmetic is done on integers of at most 64 bits (a fuzzed OpTypeInt 2147483680
    // once reached it, and the masks for that width do not fit in memory).
    const width = pointee.operandCount > 0 ? pointee.word(0) : 0;
    if (width < 1 || width > 64) {
      throw fail(module, inst, `is decorated BuiltIn LocalInvocationIndex, an integer of ${width} bits; this pass handles integers of 1 to 64 bits`);
    }
    const v = { id, inst, typeId: pointee.resultId };
    rootOf.set(id, v);
    return v;
  });
  const debugGlobals = scanGlobals(module, rootOf);

  // Function bodies: by words while they are undecoded and only plain loads read the index.
  let raw = module.hasLazyFunctions ? scanWords(module, rootOf) : undefined;
  let objects = raw === undefined ? scanObjects(module, rootOf) : undefined;
  const readers = new Map<number, Reader>();
  const reader = (fnId: number, root: IndexVar, at: () => Instruction): void => {
    const r = readers.get(fnId);
    if (r === undefined) readers.set(fnId, { roots: new Set([root]), at });
    else r.roots.add(root);
  };
  if (raw !== undefined) {
    for (const s of raw.sites) reader(s.fnId, rootOf.get(s.root)!, () => findResult(module, s.resultId));
  } else {
    for (const s of objects!.sites) reader(s.fn.id, s.root, () => s.inst);
  }
  const eps = entryPointsOf(module, (raw ?? objects!).callees);
  const reaching = (fnId: number): EntryPointInfo[] => eps.filter((ep) => ep.reachable.has(fnId));
  const flavors = new FlavorResolver(module, globals, eps);

  // The flavor each reading function computes the index in. A function reached by entry points
  // of different flavors cannot: it reads a Private copy that each of those entry points writes
  // first thing (the alternative, a clone of the call tree per size, grows the code and needs its
  // debug info cloned too).
  const inline = new Map<number, Flavor>();
  const shared = new Map<number, EntryPointInfo[]>();
  for (const [fnId, r] of readers) {
    const from = reaching(fnId);
    if (from.length === 0) {
      inline.set(fnId, flavors.forUnreached(fnId, r.at));
      continue;
    }
    const byKey = new Map<string, Flavor>();
    for (const ep of from) {
      const f = flavors.of(ep, r.at);
      byKey.set(f.key, f);
    }
    if (byKey.size === 1) inline.set(fnId, [...byKey.values()][0]!);
    // Kernels have no Private storage, but can all read their size at run time.
    else if (from.every((ep) => ep.executionModel === ExecutionModel.Kernel)) inline.set(fnId, flavors.atRunTime(from, r.at));
    else shared.set(fnId, from);
  }
  // Entry functions that must write the Private copy of each index variable.
  const initializers = new Map<IndexVar, Map<number, EntryPointInfo[]>>();
  for (const [fnId, from] of shared) {
    for (const root of readers.get(fnId)!.roots) {
      let byFunction = initializers.get(root);
      if (byFunction === undefined) initializers.set(root, (byFunction = new Map()));
      for (const ep of from) {
        const list = byFunction.get(ep.functionId);
        if (list === undefined) byFunction.set(ep.functionId, [ep]);
        else if (!list.includes(ep)) list.push(ep);
      }
    }
  }
  for (const byFunction of initializers.values()) {
    for (const list of byFunction.values()) {
      const at = readers.get([...shared.keys()][0]!)!.at;
      if (new Set(list.map((ep) => flavors.of(ep, at).key)).size > 1) {
        throw fail(module, list[0]!.instruction, `and another entry point on the same function %${list[0]!.functionId} read LocalInvocationId from different variables`);
      }
    }
  }
  if (raw !== undefined && shared.size > 0) {
    // The Private copy is written in decoded bodies.
    raw = undefined;
    objects = scanObjects(module, rootOf);
  }

  // ---------------------------------------------------------------- phase 2: edit
  const diagnostics: Diagnostic[] = [];
  const tailLines = detachTrailingLines(module.globals);
  const edit = new Editor(module, module.analysis(TypesAnalysis), globals, vars);

  // Per entry point, the globals it now reads (interfaces must list Input variables, and from
  // SPIR-V 1.4 on every global its call tree references).
  const needs = new Map<EntryPointInfo, Set<number>>();
  const need = (ep: EntryPointInfo, id: number): void => {
    let set = needs.get(ep);
    if (set === undefined) needs.set(ep, (set = new Set()));
    set.add(id);
  };
  const flavorGlobals = (f: Flavor): number[] => (f.wgs === -1 ? [edit.lidVar(f)] : [edit.lidVar(f), edit.wgsVar(f)]);
  for (const [fnId, flavor] of inline) for (const ep of reaching(fnId)) for (const g of flavorGlobals(flavor)) need(ep, g);

  let newRegion: Uint32Array | undefined;
  if (raw !== undefined) {
    newRegion = edit.rewriteWords(module.lazyFunctionWords()!, raw.sites, inline);
  } else {
    const scan = objects!;
    const replacements = new Map<Instruction, Instruction[]>();
    // Templates first, then the copies: ids come out in the same order as from rewriteWords.
    for (const site of scan.sites) {
      const flavor = inline.get(site.fn.id);
      if (flavor !== undefined) edit.prepare(flavor, site.inst.opcode === Op.Load ? site.inst.typeId : site.root.typeId);
    }
    for (const site of scan.sites) {
      const flavor = inline.get(site.fn.id);
      if (flavor !== undefined) replacements.set(site.inst, edit.lowerSite(site, flavor));
    }
    // Shared functions read a Private variable that each entry point reaching them writes at its start.
    const spirv14 = module.header.version >= 0x00010400;
    for (const [root, byFunction] of initializers) {
      const priv = edit.privateVariable(root);
      for (const site of scan.sites) if (site.root === root && shared.has(site.fn.id)) replacements.set(site.inst, edit.readPrivate(site, priv));
      for (const [fnId, list] of byFunction) {
        const flavor = flavors.of(list[0]!, readers.get([...shared.keys()][0]!)!.at);
        edit.initializeAtEntry(module.functions.find((f) => f.id === fnId)!, root, priv, flavor);
        for (const ep of eps.filter((e) => e.functionId === fnId)) {
          for (const g of flavorGlobals(flavor)) need(ep, g);
          if (spirv14) need(ep, priv);
        }
      }
      const names = [...new Set([...byFunction.values()].flat())].map((ep) => `'${ep.name}'`);
      diagnostics.push({
        severity: 'info',
        message: `entry points ${names.join(', ')} have different workgroup sizes and share functions that read LocalInvocationIndex; the index is computed once per invocation into a Private variable (%${priv})`,
      });
    }
    // In place: the OpLine / DebugLine in effect at a read stays in effect for its replacement.
    const touched = new Set<Block>(scan.droppedBlocks);
    for (const s of scan.sites) touched.add(s.block);
    for (const block of touched) {
      const out: Instruction[] = [];
      for (const inst of block.instructions) {
        const r = inst.opcode === Op.Load || inst.opcode === Op.CopyMemory ? replacements.get(inst) : undefined;
        if (r !== undefined) for (const x of r) out.push(x);
        else if (!scan.dropped.has(inst)) out.push(inst);
      }
      block.instructions = out;
    }
    for (const p of scan.params) edit.removeParameter(p);
  }

  // Debug info: the global variable description stays, without a variable.
  for (const dgv of debugGlobals) dgv.setWord(DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND, edit.debugInfoNone(dgv));

  // Entry points: drop the index from interfaces, add what the new code reads.
  for (const ep of eps) {
    const extra = needs.get(ep);
    const start = ep.instruction.operandCount - ep.interface.length;
    const kept = ep.interface.filter((id) => !rootOf.has(id));
    if (kept.length === ep.interface.length && extra === undefined) continue;
    for (const id of extra ?? []) if (!kept.includes(id)) kept.push(id);
    ep.instruction.setOperands([...ep.instruction.operands.subarray(0, start), ...kept]);
  }

  // The variables, their names and decorations.
  const removedIds = new Set<number>([...rootOf.keys(), ...(objects?.aliasIds ?? [])]);
  module.globals = module.globals.filter((i) => !(i.opcode === Op.Variable && rootOf.has(i.resultId)));
  module.debugNames = module.debugNames.filter((i) => !((i.opcode === Op.Name || i.opcode === Op.MemberName) && removedIds.has(i.word(0))));
  removeDecorations(module, removedIds);
  module.globals.push(...tailLines);

  if (newRegion !== undefined) replaceFunctionWords(module, newRegion);
  module.invalidateAnalyses();
  return { changed: true, diagnostics };
}

// ==================================================================================== phase 1

/** Module-level definitions by id (types, constants, variables), read-only. */
class GlobalDefs {
  private readonly defs = new Map<number, Instruction>();
  constructor(module: Module) {
    for (const inst of module.globals) if (inst.resultId !== 0) this.defs.set(inst.resultId, inst);
  }
  def(id: number): Instruction | undefined {
    return this.defs.get(id);
  }
}

function debugInfoSets(module: Module): Set<number> {
  const sets = new Set<number>();
  for (const inst of module.extInstImports) {
    if (DEBUG_INFO_SETS.has(decodeLiteralString(inst.operands, 0, inst.operandCount).value)) sets.add(inst.resultId);
  }
  return sets;
}

/** Operand word indexes of `inst` that hold ids (the module's operand context is built once). */
function idPositionsOf(module: Module): (inst: Instruction) => Set<number> {
  let ctx: OperandContext | undefined;
  return (inst) => {
    ctx ??= moduleOperandContext(module);
    const at = new Set<number>();
    walkOperands(inst, ctx, (kind, start, count) => {
      if (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics' || kind === 'Unparsed') for (let i = 0; i < count; i++) at.add(start + i);
    });
    return at;
  };
}

/**
 * Module-level uses of the variables: a DebugGlobalVariable may describe one (returned, to be
 * given DebugInfoNone); decorations may target one; anything else is refused.
 */
function scanGlobals(module: Module, rootOf: ReadonlyMap<number, IndexVar>): Instruction[] {
  const debugSets = debugInfoSets(module);
  const idPositions = idPositionsOf(module);
  const debugGlobals: Instruction[] = [];
  for (const inst of module.globals) {
    if (inst.opcode === Op.Variable && rootOf.has(inst.resultId)) continue;
    if (inst.opcode === Op.Constant || inst.opcode === Op.SpecConstant || inst.opcode === Op.TypeInt || inst.opcode === Op.TypeFloat) continue; // literals only
    const n = inst.operandCount;
    let hit = -1;
    for (let i = 0; i < n; i++) if (rootOf.has(inst.word(i))) hit = i;
    if (hit < 0) continue;
    if (inst.opcode === Op.ExtInst && debugSets.has(inst.word(0)) && inst.word(1) === DEBUG_GLOBAL_VARIABLE && hit === DEBUG_GLOBAL_VARIABLE_VARIABLE_OPERAND) {
      debugGlobals.push(inst);
      continue;
    }
    const ids = idPositions(inst);
    for (let i = 0; i < n; i++) {
      if (rootOf.has(inst.word(i)) && ids.has(i)) throw fail(module, inst, `uses the LocalInvocationIndex variable %${inst.word(i)}, which this pass cannot rewrite`);
    }
  }
  for (const inst of module.annotations) {
    if (inst.opcode !== Op.DecorateId) continue;
    for (let i = 2; i < inst.operandCount; i++) {
      if (rootOf.has(inst.word(i))) throw fail(module, inst, `refers to the LocalInvocationIndex variable %${inst.word(i)} as a decoration operand`);
    }
  }
  return debugGlobals;
}

/**
 * Scans undecoded function bodies word by word. Gives up (undefined) when anything but an
 * OpLoad uses a variable, or a literal happens to equal its id: the object scan then decides.
 */
function scanWords(module: Module, rootOf: ReadonlyMap<number, IndexVar>): (RawScan & { sites: (RawSite & { root: number })[] }) | undefined {
  const words = module.lazyFunctionWords();
  if (words === null) return undefined;
  const bound = module.header.bound;
  // Sized by the module, not by its declared bound (which a tiny module may set to millions).
  const bits = createIdFlags(bound, words.length);
  for (const id of rootOf.keys()) bits.add(id);
  const sites: (RawSite & { root: number })[] = [];
  const callees = new Map<number, Set<number>>();
  let called = new Set<number>();
  let fnId = 0;
  const n = words.length;
  for (let p = 0; p < n; ) {
    const first = words[p]!;
    const wc = first >>> 16;
    const op = first & 0xffff;
    if (wc === 0) return undefined;
    if (op === Op.Function) {
      fnId = words[p + 2]!;
      called = new Set();
      callees.set(fnId, called);
    } else if (op === Op.FunctionCall) {
      called.add(words[p + 3]!);
    }
    const end = p + wc;
    for (let i = p + 1; i < end; i++) {
      const w = words[i]!;
      if (w >= bound || !bits.has(w)) continue;
      if (op === Op.Load) {
        // Word 3 is the pointer; later words are memory operands (literals, scope ids).
        if (i === p + 3) sites.push({ pos: p, wc, typeId: words[p + 1]!, resultId: words[p + 2]!, fnId, root: w });
        continue;
      }
      if (op === Op.Line && i > p + 1) continue; // line and column numbers
      return undefined;
    }
    p = end;
  }
  return { sites, callees };
}

/**
 * Finds every use of the index variables in decoded bodies. A use is an OpLoad or an OpCopyMemory
 * from the variable, or from a copy of its pointer (OpCopyObject, OpAccessChain without indexes),
 * or from a function parameter that every caller passes such a pointer. Anything else that uses
 * the pointer is refused with an error naming the instruction.
 */
function scanObjects(module: Module, roots: ReadonlyMap<number, IndexVar>): ObjectScan {
  const bound = module.header.bound;
  const rootOf = new Map(roots);
  const aliasIds = new Set<number>();
  const dropped = new Set<Instruction>();
  const droppedBlocks = new Set<Block>();
  const params: ParamAlias[] = [];
  const debugSets = debugInfoSets(module);
  const idPositions = idPositionsOf(module);
  const functions = module.functions;
  let sites: Site[] = [];
  let callees = new Map<number, Set<number>>();
  // Repeat while new pointer aliases turn up (a copy used before it is defined in block order, or a parameter).
  for (;;) {
    sites = [];
    callees = new Map();
    dropped.clear();
    droppedBlocks.clear();
    const aliasBits = createIdFlags(bound, moduleWordEstimate(module));
    for (const id of rootOf.keys()) aliasBits.add(id);
    const before = rootOf.size;
    const argUses: { call: Instruction; arg: number; root: IndexVar }[] = [];
    for (const fn of functions) {
      const called = new Set<number>();
      callees.set(fn.id, called);
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          if (inst.opcode === Op.FunctionCall) called.add(inst.word(0));
          const n = inst.operandCount;
          for (let i = 0; i < n; i++) {
            const w = inst.word(i);
            if (w >= bound || !aliasBits.has(w)) continue;
            const root = rootOf.get(w)!;
            switch (inst.opcode) {
              case Op.Load:
                if (i === 0) sites.push({ fn, block, inst, root });
                continue;
              case Op.CopyMemory:
                if (i === 1) sites.push({ fn, block, inst, root });
                else if (i === 0) throw fail(module, inst, `writes to the LocalInvocationIndex input %${w}`);
                continue;
              case Op.CopyObject:
              case Op.AccessChain:
              case Op.InBoundsAccessChain:
                if (i !== 0) continue;
                if (inst.opcode !== Op.CopyObject && n !== 1) throw fail(module, inst, `indexes into the scalar LocalInvocationIndex pointer %${w}`);
                rootOf.set(inst.resultId, root);
                aliasBits.add(inst.resultId);
                aliasIds.add(inst.resultId);
                dropped.add(inst);
                droppedBlocks.add(block);
                continue;
              case Op.FunctionCall:
                if (i >= 1) argUses.push({ call: inst, arg: i - 1, root });
                continue;
              case Op.Line:
                continue;
              case Op.ExtInst:
                if (debugSets.has(inst.word(0)) && (inst.word(1) === DEBUG_DECLARE || inst.word(1) === DEBUG_VALUE) && i === 3) {
                  dropped.add(inst);
                  droppedBlocks.add(block);
                  continue;
                }
                break;
            }
            if (idPositions(inst).has(i)) {
              throw fail(module, inst, `uses the pointer %${w} to LocalInvocationIndex in a way this pass cannot rewrite (only OpLoad, OpCopyMemory, OpCopyObject, OpAccessChain without indexes and function arguments are handled)`);
            }
          }
        }
      }
    }
    // A parameter is an alias when every call passes an alias in its place; then it is removed.
    if (argUses.length > 0) {
      const calls = new Map<number, Instruction[]>();
      for (const fn of functions) {
        for (const block of fn.blocks) {
          for (const inst of block.instructions) {
            if (inst.opcode !== Op.FunctionCall) continue;
            const l = calls.get(inst.word(0));
            if (l === undefined) calls.set(inst.word(0), [inst]);
            else l.push(inst);
          }
        }
      }
      const byId = new Map(functions.map((f) => [f.id, f]));
      for (const use of argUses) {
        const callee = byId.get(use.call.word(0));
        const param = callee?.parameters[use.arg];
        if (callee === undefined || param === undefined) throw fail(module, use.call, 'calls a function that the module does not define (or with too many arguments)');
        if (rootOf.has(param.resultId)) continue;
        for (const other of calls.get(callee.id) ?? []) {
          const arg = other.word(use.arg + 1);
          const argRoot = rootOf.get(arg);
          if (argRoot === undefined) {
            throw fail(module, use.call, `passes the pointer %${use.call.word(use.arg + 1)} to LocalInvocationIndex as argument ${use.arg} of %${callee.id}, but another call passes a different pointer (%${arg}) there; the function cannot be rewritten for both`);
          }
          if (argRoot.typeId !== use.root.typeId) throw fail(module, other, 'passes pointers to LocalInvocationIndex variables of different types to one parameter');
        }
        rootOf.set(param.resultId, use.root);
        aliasIds.add(param.resultId);
        params.push({ fn: callee, param });
      }
    }
    if (rootOf.size === before) break;
  }
  return { sites, dropped, droppedBlocks, params, aliasIds, callees };
}

/** Entry points with their interfaces, modes and call trees (from the scan's call graph, so bodies stay undecoded). */
function entryPointsOf(module: Module, callees: ReadonlyMap<number, ReadonlySet<number>>): EntryPointInfo[] {
  const modes = new Map<number, Instruction[]>();
  for (const inst of module.executionModes) {
    const list = modes.get(inst.word(0));
    if (list === undefined) modes.set(inst.word(0), [inst]);
    else list.push(inst);
  }
  return module.entryPoints.map((inst) => {
    const functionId = inst.word(1);
    const { value: name } = decodeLiteralString(inst.operands, 2, inst.operandCount);
    const reachable = new Set<number>();
    const stack = [functionId];
    while (stack.length > 0) {
      const f = stack.pop()!;
      if (reachable.has(f)) continue;
      reachable.add(f);
      for (const c of callees.get(f) ?? []) stack.push(c);
    }
    return {
      instruction: inst,
      executionModel: inst.word(0),
      functionId,
      name,
      interface: Array.from(inst.operands.subarray(2 + literalStringWordCount(name))),
      executionModes: modes.get(functionId) ?? [],
      reachable,
    };
  });
}

/** Resolves and caches the flavor of each entry point. */
class FlavorResolver {
  private readonly cache = new Map<EntryPointInfo, Flavor>();
  private readonly fixed: SizeOf | undefined;
  private readonly lidVars: number[];
  private readonly wgsInputs: number[];

  constructor(
    private readonly module: Module,
    private readonly globals: GlobalDefs,
    private readonly eps: readonly EntryPointInfo[],
  ) {
    const deco = module.analysis(DecorationsAnalysis);
    const wgsIds = deco.idsWithBuiltIn(BuiltIn.WorkgroupSize);
    try {
      this.fixed = workgroupSizeConstant(globals, wgsIds);
    } catch (e) {
      throw this.rethrow(e, undefined);
    }
    this.wgsInputs = workgroupSizeInputs(globals, wgsIds);
    this.lidVars = deco.idsWithBuiltIn(BuiltIn.LocalInvocationId).filter((id) => {
      const v = globals.def(id);
      if (v === undefined || v.opcode !== Op.Variable || v.word(0) !== StorageClass.Input) return false;
      const ptr = globals.def(v.typeId);
      const vec = ptr?.opcode === Op.TypePointer ? globals.def(ptr.word(1)) : undefined;
      if (vec === undefined || vec.opcode !== Op.TypeVector || vec.word(1) !== 3 || globals.def(vec.word(0))?.opcode !== Op.TypeInt) {
        throw fail(module, v, 'is decorated BuiltIn LocalInvocationId but is not an Input variable of a 3-component integer vector');
      }
      return true;
    });
  }

  /** The flavor of `ep`; `at` gives a read of the index reached from it, for messages. */
  of(ep: EntryPointInfo, at: () => Instruction): Flavor {
    const cached = this.cache.get(ep);
    if (cached !== undefined) return cached;
    const model = enumerantNameIn(EnumerantNames.ExecutionModel, 'ExecutionModel', ep.executionModel) ?? `ExecutionModel(${ep.executionModel})`;
    if (!COMPUTE_LIKE_MODELS.has(ep.executionModel)) {
      throw fail(this.module, at(), `reads LocalInvocationIndex, and is reached from entry point '${ep.name}' (${model}), which has no workgroup`);
    }
    let size: SizeOf | undefined;
    try {
      size = sizeOfEntryPoint(this.globals, ep, this.fixed);
    } catch (e) {
      throw this.rethrow(e, at);
    }
    if (size === undefined) {
      throw fail(this.module, at(), `reads LocalInvocationIndex, and entry point '${ep.name}' (${model}) declares no workgroup size (no LocalSize, LocalSizeId or BuiltIn WorkgroupSize)`);
    }
    const lid = this.lidVars.find((id) => ep.interface.includes(id)) ?? this.lidVars[0] ?? 0;
    const usesInput = size.dims.some((d) => d.kind === 'input');
    const wgs = usesInput ? (this.wgsInputs.find((id) => ep.interface.includes(id)) ?? this.wgsInputs[0] ?? 0) : -1;
    const flavor: Flavor = { key: `${sizeKey(size)}|${lid}|${wgs}`, size, lid, wgs };
    this.cache.set(ep, flavor);
    return flavor;
  }

  /** The flavor of kernels that read their size from the WorkgroupSize input (shared by kernels of different sizes). */
  atRunTime(eps: readonly EntryPointInfo[], at: () => Instruction): Flavor {
    const lids = new Set(eps.map((ep) => this.of(ep, at).lid));
    if (lids.size > 1) throw fail(this.module, at(), 'is reached from kernels that read LocalInvocationId from different variables');
    const lid = [...lids][0]!;
    const wgs = this.wgsInputs.find((id) => eps.every((ep) => ep.interface.includes(id))) ?? this.wgsInputs[0] ?? 0;
    const d = (index: number): Dim => ({ kind: 'input', index });
    const size: SizeOf = { dims: [d(0), d(1), d(2)], source: 'WorkgroupSize input' };
    return { key: `${sizeKey(size)}|${lid}|${wgs}`, size, lid, wgs };
  }

  /**
   * A function no entry point reaches never runs, so any size gives a correct result; it uses the
   * first compute-like entry point's. An exported function (LinkageAttributes Export) can run from
   * an entry point of another module, whose size is unknown here: refused.
   */
  forUnreached(fnId: number, at: () => Instruction): Flavor {
    const linkage = this.module.analysis(DecorationsAnalysis).find(fnId, Decoration.LinkageAttributes);
    const exported = linkage !== undefined && linkage[linkage.length - 1] === 0; // LinkageType Export
    const ep = this.eps.find((e) => COMPUTE_LIKE_MODELS.has(e.executionModel));
    if (exported || ep === undefined) {
      throw fail(this.module, at(), `reads LocalInvocationIndex in function %${fnId}, which ${exported ? 'is exported' : 'no entry point calls'}, so its workgroup size is unknown`, {
        hint: 'lower the module once it is linked with the entry point that calls this function',
      });
    }
    return this.of(ep, at);
  }

  private rethrow(e: unknown, at: (() => Instruction) | undefined): unknown {
    if (!(e instanceof SizeProblem)) return e;
    const inst = e.instruction ?? at?.();
    return inst === undefined ? new SpirvError('PASS_FAILED', `${PASS_NAME}: ${e.message}`) : fail(this.module, inst, e.message);
  }
}

// ==================================================================================== phase 2

/** An integer expression over the invocation id and the workgroup size, built before it is emitted. */
type Expr =
  | { readonly k: 'const'; readonly v: bigint }
  | { readonly k: 'id'; readonly id: number }
  | { readonly k: 'lid'; readonly i: number }
  | { readonly k: 'wgs'; readonly i: number }
  | { readonly k: 'mul' | 'add'; readonly a: Expr; readonly b: Expr };

const isOne = (e: Expr): boolean => e.k === 'const' && e.v === 1n;
const isGlobal = (e: Expr): boolean => e.k === 'const' || e.k === 'id';

/**
 * The instructions computing the index for one flavor and type, as words, with placeholders for
 * the ids each copy gets fresh (TEMP + k) and for the result (RESULT). Built once, copied per read.
 */
interface Template {
  readonly words: Uint32Array;
  /** Positions in `words` holding a placeholder. */
  readonly patches: Uint32Array;
  readonly temps: number;
}
const TEMP = 0xfffff000;
const RESULT = 0xffffffff;

class Editor {
  private newLid = 0;
  private newWgs = 0;
  private readonly templates = new Map<string, Template>();
  private readonly specCache = new Map<string, number>();
  private readonly constCache = new Map<string, number>();
  private readonly privates = new Map<IndexVar, number>();
  private readonly noneBySet = new Map<number, number>();
  private readonly created = new Map<number, Instruction>();

  constructor(
    private readonly module: Module,
    private readonly types: TypeManager,
    private readonly globals: GlobalDefs,
    private readonly vars: IndexVar[],
  ) {}

  private get ids() {
    return this.module.ids;
  }

  private width(typeId: number): number {
    return this.types.intInfo(typeId)?.width ?? 32;
  }

  private def(id: number): Instruction | undefined {
    return this.types.def(id) ?? this.globals.def(id) ?? this.created.get(id);
  }

  /** Appends a module-level instruction this pass creates (variables, spec-constant ops). */
  private addGlobal(inst: Instruction): void {
    this.module.globals.push(inst);
    this.created.set(inst.resultId, inst);
  }

  /** The LocalInvocationId variable of a flavor, creating the module's one when it has none. */
  lidVar(f: Flavor): number {
    if (f.lid !== 0) return f.lid;
    if (this.newLid === 0) this.newLid = this.builtinInput(BuiltIn.LocalInvocationId);
    return this.newLid;
  }

  /** The WorkgroupSize input variable of a flavor that reads one (kernels), created when absent. */
  wgsVar(f: Flavor): number {
    if (f.wgs > 0) return f.wgs;
    if (this.newWgs === 0) this.newWgs = this.builtinInput(BuiltIn.WorkgroupSize);
    return this.newWgs;
  }

  /** A new Input variable of a 3-vector of the index's integer width, decorated BuiltIn `builtIn`. */
  private builtinInput(builtIn: number): number {
    const width = this.width(this.vars[0]!.typeId);
    const vec = this.types.vectorType(this.types.intType(width, false), 3);
    const ptr = this.types.pointerType(StorageClass.Input, vec);
    const id = this.ids.allocate();
    this.addGlobal(new Instruction(Op.Variable, ptr, id, [StorageClass.Input]));
    // Before an OpLine that ends the section (a producer's line for the first type): that line
    // already belongs to the types section.
    const annotations = this.module.annotations;
    let at = annotations.length;
    while (at > 0 && (annotations[at - 1]!.opcode === Op.Line || annotations[at - 1]!.opcode === Op.NoLine)) at--;
    annotations.splice(at, 0, new Instruction(Op.Decorate, 0, 0, [id, Decoration.BuiltIn, builtIn]));
    return id;
  }

  /** The Private variable through which shared functions read `root`'s value. */
  privateVariable(root: IndexVar): number {
    let id = this.privates.get(root);
    if (id === undefined) {
      id = this.ids.allocate();
      const ptr = this.types.pointerType(StorageClass.Private, root.typeId);
      this.addGlobal(new Instruction(Op.Variable, ptr, id, [StorageClass.Private]));
      this.privates.set(root, id);
    }
    return id;
  }

  /** Builds the template of `flavor` in `typeId` (and the globals it needs) now. */
  prepare(flavor: Flavor, typeId: number): void {
    this.template(flavor, typeId);
  }

  /** The instructions replacing a read of the index with the arithmetic of `flavor`. */
  lowerSite(site: Site, flavor: Flavor): Instruction[] {
    if (site.inst.opcode === Op.Load) return this.instantiate(this.template(flavor, site.inst.typeId), site.inst.resultId);
    const value = this.ids.allocate();
    const out = this.instantiate(this.template(flavor, site.root.typeId), value);
    out.push(new Instruction(Op.Store, 0, 0, [site.inst.word(0), value]));
    return out;
  }

  /** A read of the Private copy instead of the input. */
  readPrivate(site: Site, priv: number): Instruction[] {
    if (site.inst.opcode === Op.Load) return [new Instruction(Op.Load, site.inst.typeId, site.inst.resultId, [priv])];
    const value = this.ids.allocate();
    return [new Instruction(Op.Load, site.root.typeId, value, [priv]), new Instruction(Op.Store, 0, 0, [site.inst.word(0), value])];
  }

  /** Computes the index at the start of an entry function (after its OpVariables) into the Private copy. */
  initializeAtEntry(fn: SpvFunction, root: IndexVar, priv: number, flavor: Flavor): void {
    const first = fn.blocks[0]!;
    let at = 0;
    first.instructions.forEach((inst, i) => {
      if (inst.opcode === Op.Variable) at = i + 1;
    });
    const value = this.ids.allocate();
    const out = this.instantiate(this.template(flavor, root.typeId), value);
    out.push(new Instruction(Op.Store, 0, 0, [priv, value]));
    first.instructions.splice(at, 0, ...out);
  }

  /**
   * The new function region: `words` with each read replaced, in place, by its arithmetic (so the
   * OpLine / DebugLine in effect there still covers it).
   */
  rewriteWords(words: Uint32Array, sites: readonly RawSite[], flavors: ReadonlyMap<number, Flavor>): Uint32Array {
    const templates = sites.map((s) => this.template(flavors.get(s.fnId)!, s.typeId));
    let size = words.length;
    sites.forEach((s, i) => (size += templates[i]!.words.length - s.wc));
    const out = new Uint32Array(size);
    const fresh = new Uint32Array(64);
    let src = 0;
    let dst = 0;
    sites.forEach((s, i) => {
      out.set(words.subarray(src, s.pos), dst);
      dst += s.pos - src;
      const t = templates[i]!;
      for (let k = 0; k < t.temps; k++) fresh[k] = this.ids.allocate();
      out.set(t.words, dst);
      for (const p of t.patches) {
        const v = t.words[p]!;
        out[dst + p] = v === RESULT ? s.resultId : fresh[v - TEMP]!;
      }
      dst += t.words.length;
      src = s.pos + s.wc;
    });
    out.set(words.subarray(src), dst);
    return out;
  }

  /**
   * Removes a parameter that only ever receives the index pointer: from the function, its type
   * and every call.
   */
  removeParameter(p: ParamAlias): void {
    const fnType = this.def(p.fn.definition.word(1));
    const position = p.fn.parameters.indexOf(p.param);
    if (fnType === undefined || fnType.opcode !== Op.TypeFunction || position < 0) return;
    const operands = Array.from(fnType.operands);
    operands.splice(1 + position, 1);
    p.fn.definition.setWord(1, this.types.functionType(operands[0]!, operands.slice(1)));
    p.fn.preamble = p.fn.preamble.filter((i) => i !== p.param);
    for (const fn of this.module.functions) {
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          if (inst.opcode !== Op.FunctionCall || inst.word(0) !== p.fn.id) continue;
          const ops = Array.from(inst.operands);
          ops.splice(1 + position, 1);
          inst.setOperands(ops);
        }
      }
    }
  }

  /** A DebugInfoNone of the set of `user`, defined before it. */
  debugInfoNone(user: Instruction): number {
    const set = user.word(0);
    const cached = this.noneBySet.get(set);
    const globals = this.module.globals;
    const at = globals.indexOf(user);
    if (cached !== undefined && globals.findIndex((i) => i.resultId === cached) < at) return cached;
    const existing = globals.slice(0, at).find((i) => i.opcode === Op.ExtInst && i.word(0) === set && i.word(1) === DEBUG_INFO_NONE);
    if (existing !== undefined) {
      this.noneBySet.set(set, existing.resultId);
      return existing.resultId;
    }
    const id = this.ids.allocate();
    globals.splice(at, 0, new Instruction(Op.ExtInst, user.typeId, id, [set, DEBUG_INFO_NONE]));
    this.noneBySet.set(set, id);
    return id;
  }

  // ---------------------------------------------------------------- the arithmetic

  /** A copy of a template as instructions, the last defining `resultId`. */
  private instantiate(t: Template, resultId: number): Instruction[] {
    const w = t.words.slice();
    const fresh: number[] = [];
    for (let k = 0; k < t.temps; k++) fresh.push(this.ids.allocate());
    for (const p of t.patches) w[p] = w[p] === RESULT ? resultId : fresh[w[p]! - TEMP]!;
    const out: Instruction[] = [];
    for (let i = 0; i < w.length; ) {
      const wc = w[i]! >>> 16;
      out.push(new Instruction(w[i]! & 0xffff, w[i + 1]!, w[i + 2]!, w.subarray(i + 3, i + wc)));
      i += wc;
    }
    return out;
  }

  /** The template of the index for `flavor` in type `typeId`: sizes of 1 dropped, constants folded. */
  private template(flavor: Flavor, typeId: number): Template {
    const key = `${flavor.key}:${typeId}`;
    const cached = this.templates.get(key);
    if (cached !== undefined) return cached;
    const [X, Y, Z] = flavor.size.dims.map((d) => this.dimExpr(d, typeId)) as [Expr, Expr, Expr];
    const mask = (1n << BigInt(this.width(typeId))) - 1n;
    const product = (a: Expr, b: Expr): Expr => {
      if (a.k === 'const' && b.k === 'const') return { k: 'const', v: (a.v * b.v) & mask };
      if (isOne(a)) return b;
      if (isOne(b)) return a;
      if (isGlobal(a) && isGlobal(b)) return { k: 'id', id: this.specMul(typeId, a, b) };
      return { k: 'mul', a, b };
    };
    const terms: Expr[] = [];
    // A dimension of size 1 has id component 0: its term is dropped.
    if (!isOne(Z)) terms.push(product({ k: 'lid', i: 2 }, product(X, Y)));
    if (!isOne(Y)) terms.push(product({ k: 'lid', i: 1 }, X));
    if (!isOne(X)) terms.push({ k: 'lid', i: 0 });
    const e = terms.length === 0 ? ({ k: 'const', v: 0n } as Expr) : terms.reduce((a, b) => ({ k: 'add', a, b }));
    const t = this.emit(e, flavor, typeId);
    this.templates.set(key, t);
    return t;
  }

  private dimExpr(d: Dim, typeId: number): Expr {
    switch (d.kind) {
      case 'const':
        return { k: 'const', v: d.value & ((1n << BigInt(this.width(typeId))) - 1n) };
      case 'spec':
        return { k: 'id', id: this.specOfWidth(d.id, d.typeId, typeId) };
      case 'extract': {
        const key = `x${d.composite}.${d.index}`;
        let id = this.specCache.get(key);
        if (id === undefined) {
          id = this.specOp(d.typeId, [Op.CompositeExtract, d.composite, d.index]);
          this.specCache.set(key, id);
        }
        return { k: 'id', id: this.specOfWidth(id, d.typeId, typeId) };
      }
      case 'input':
        return { k: 'wgs', i: d.index };
    }
  }

  /** A spec constant `id` of type `from`, as a spec constant as wide as `to`. */
  private specOfWidth(id: number, from: number, to: number): number {
    const w = this.width(to);
    if (this.width(from) === w) return id;
    const key = `w${id}:${w}`;
    let out = this.specCache.get(key);
    if (out === undefined) {
      out = this.specOp(this.types.intType(w, false), [Op.UConvert, id]);
      this.specCache.set(key, out);
    }
    return out;
  }

  /** `a * b` as an OpSpecConstantOp, so specializing the sizes keeps it right. */
  private specMul(typeId: number, a: Expr, b: Expr): number {
    const ia = this.globalId(a, typeId);
    const ib = this.globalId(b, typeId);
    const key = `m${typeId}:${ia}*${ib}`;
    let id = this.specCache.get(key);
    if (id === undefined) {
      id = this.specOp(typeId, [Op.IMul, ia, ib]);
      this.specCache.set(key, id);
    }
    return id;
  }

  private specOp(typeId: number, operands: number[]): number {
    const id = this.ids.allocate();
    this.addGlobal(new Instruction(Op.SpecConstantOp, typeId, id, operands));
    return id;
  }

  private constant(typeId: number, v: bigint): number {
    const key = `${typeId}:${v}`;
    let id = this.constCache.get(key);
    if (id === undefined) {
      const words = this.width(typeId) > 32 ? [Number(v & 0xffffffffn), Number(v >> 32n)] : [Number(v)];
      id = this.types.constant(Op.Constant, typeId, words);
      this.constCache.set(key, id);
    }
    return id;
  }

  private globalId(e: Expr, typeId: number): number {
    if (e.k === 'const') return this.constant(typeId, e.v);
    if (e.k === 'id') return e.id;
    throw new Error('not a module-level value');
  }

  /** Emits `e` as a template whose last instruction defines the result, of type `typeId`. */
  private emit(e: Expr, flavor: Flavor, typeId: number): Template {
    const words: number[] = [];
    let temps = 0;
    const tmp = (): number => TEMP + temps++;
    const push = (opcode: number, type: number, result: number, operands: number[]): void => {
      words.push(((3 + operands.length) << 16) | opcode, type, result, ...operands);
    };
    const loaded = new Map<number, number>();
    const vectorOf = (variable: number): { value: number; component: number } => {
      const vec = this.def(this.def(this.def(variable)!.typeId)!.word(1))!;
      let value = loaded.get(variable);
      if (value === undefined) {
        value = tmp();
        push(Op.Load, vec.resultId, value, [variable]);
        loaded.set(variable, value);
      }
      return { value, component: vec.word(0) };
    };
    const component = (variable: number, i: number, result: number | undefined): number => {
      const { value, component } = vectorOf(variable);
      if (result !== undefined && component === typeId) {
        push(Op.CompositeExtract, component, result, [value, i]);
        return result;
      }
      const x = tmp();
      push(Op.CompositeExtract, component, x, [value, i]);
      if (this.width(component) === this.width(typeId)) {
        // Integer arithmetic takes operands of either signedness; only the result needs the exact type.
        if (result === undefined) return x;
        push(Op.Bitcast, typeId, result, [x]);
        return result;
      }
      const unsigned = this.types.intType(this.width(typeId), false);
      if (unsigned === typeId || result === undefined) {
        const id = unsigned === typeId && result !== undefined ? result : tmp();
        push(Op.UConvert, unsigned, id, [x]);
        return id;
      }
      const y = tmp();
      push(Op.UConvert, unsigned, y, [x]);
      push(Op.Bitcast, typeId, result, [y]);
      return result;
    };
    const visit = (x: Expr, result: number | undefined): number => {
      switch (x.k) {
        case 'const':
        case 'id': {
          const id = this.globalId(x, typeId);
          if (result === undefined) return id;
          push(this.def(id)?.typeId === typeId ? Op.CopyObject : Op.Bitcast, typeId, result, [id]);
          return result;
        }
        case 'lid':
          return component(this.lidVar(flavor), x.i, result);
        case 'wgs':
          return component(this.wgsVar(flavor), x.i, result);
        case 'mul':
        case 'add': {
          const a = visit(x.a, undefined);
          const b = visit(x.b, undefined);
          const id = result ?? tmp();
          push(x.k === 'mul' ? Op.IMul : Op.IAdd, typeId, id, [a, b]);
          return id;
        }
      }
    };
    visit(e, RESULT);
    const patches: number[] = [];
    words.forEach((w, i) => {
      if (w >>> 0 >= TEMP) patches.push(i);
    });
    return { words: Uint32Array.from(words), patches: Uint32Array.from(patches), temps };
  }
}

// ==================================================================================== helpers

/**
 * Gives `module` new undecoded function bodies. Should anyone read them, the module's own
 * encoding (header and sections, host byte order) followed by the new region is decoded, and the
 * bodies are taken from that.
 */
function replaceFunctionWords(module: Module, region: Uint32Array): void {
  const old = module.lazyFunctionWords()!;
  const encoded = encodeModule(module, { endianness: HOST_ENDIANNESS });
  const head = encoded.length - old.length;
  const words = new Uint32Array(head + region.length);
  words.set(encoded.subarray(0, head));
  words.set(region, head);
  const limit = module.ids.limit;
  module.setLazyFunctions({
    words,
    start: head,
    end: words.length,
    materialize: () => {
      const fresh = decodeModule(words, { maxIdBound: limit, lazyFunctions: false });
      return { functions: fresh.functions, trailing: fresh.trailing };
    },
  });
}

/** The instruction with result `id` in a function body (decodes the bodies; for messages only). */
function findResult(module: Module, id: number): Instruction {
  for (const fn of module.functions) for (const inst of fn.allInstructions()) if (inst.resultId === id) return inst;
  throw new SpirvError('PASS_FAILED', `${PASS_NAME}: internal error: %${id} not found`);
}

/**
 * Takes the OpLine / OpNoLine run at the end of the globals (a compiler's line for the first
 * OpFunction) off, so that new types and constants go before it and it still covers the function.
 */
function detachTrailingLines(globals: Instruction[]): Instruction[] {
  let i = globals.length;
  while (i > 0 && (globals[i - 1]!.opcode === Op.Line || globals[i - 1]!.opcode === Op.NoLine)) i--;
  return globals.splice(i);
}

/** Removes decorations targeting `ids`, their OpGroupDecorate entries, and groups left with no target. */
function removeDecorations(module: Module, ids: ReadonlySet<number>): void {
  const emptied = new Set<number>();
  const kept: Instruction[] = [];
  for (const inst of module.annotations) {
    switch (inst.opcode) {
      case Op.Decorate:
      case Op.DecorateId:
      case Op.DecorateString:
      case Op.MemberDecorate:
      case Op.MemberDecorateString:
        if (ids.has(inst.word(0))) continue;
        break;
      case Op.GroupDecorate: {
        const targets = Array.from(inst.operands.subarray(1));
        const left = targets.filter((t) => !ids.has(t));
        if (left.length !== targets.length) {
          if (left.length === 0) {
            emptied.add(inst.word(0));
            continue;
          }
          inst.setOperands([inst.word(0), ...left]);
        }
        break;
      }
    }
    kept.push(inst);
  }
  // A group whose only targets were removed goes too (it carried BuiltIn LocalInvocationIndex).
  const stillUsed = new Set<number>();
  for (const inst of kept) if (inst.opcode === Op.GroupDecorate || inst.opcode === Op.GroupMemberDecorate) stillUsed.add(inst.word(0));
  const dead = new Set([...emptied].filter((g) => !stillUsed.has(g)));
  const decorates = (i: Instruction): boolean => i.opcode === Op.Decorate || i.opcode === Op.DecorateId || i.opcode === Op.DecorateString;
  module.annotations = dead.size === 0 ? kept : kept.filter((i) => !(dead.has(i.resultId) || (decorates(i) && dead.has(i.word(0)))));
  if (dead.size > 0) module.debugNames = module.debugNames.filter((i) => !(i.opcode === Op.Name && dead.has(i.word(0))));
}

/** A SpirvError PASS_FAILED naming the instruction: opcode name, result id, debug name, source line. */
function fail(module: Module, inst: Instruction, what: string, extra: { hint?: string } = {}): SpirvError {
  const opname = opcodeName(inst.opcode) ?? `opcode ${inst.opcode}`;
  let location;
  let name;
  try {
    location = module.analysis(SourceLocationsAnalysis).of(inst);
    name = inst.resultId !== 0 ? module.analysis(NamesAnalysis).name(inst.resultId) : undefined;
  } catch {
    location = undefined;
  }
  const subject = `${opname}${inst.resultId !== 0 ? ` %${inst.resultId}` : ''}${name ? ` (${name})` : ''}`;
  const where = location ? ` at ${location.file ?? '<input>'}:${location.line}:${location.column}` : '';
  return new SpirvError('PASS_FAILED', `${PASS_NAME}: ${subject}${where} ${what}`, {
    opname,
    ...(location ? { location } : {}),
    hint: extra.hint ?? 'LocalInvocationIndex can be lowered only where it is read by OpLoad (directly or through a pointer copy or parameter) from compute-like entry points with a known workgroup size',
  });
}
