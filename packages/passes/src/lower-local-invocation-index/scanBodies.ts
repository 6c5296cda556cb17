// Phase 1, function bodies: every read of the index, through pointer copies and parameters too,
// and what goes away with the variables (the copies, their debug declarations), found by one walk
// over the bodies' words. The words are the module's own while its bodies are undecoded (a
// freshly decoded module, whose bodies then need never become objects), else those of core's
// module index (the module's encoding). Instructions are named by number; the objects an edit of
// decoded bodies needs are looked up from the numbers afterwards, by `onObjects`.
import {
  InstructionWalker,
  ModuleIndexAnalysis,
  Op,
  SECTIONS,
  createIdFlags,
  type Block,
  type Function as SpvFunction,
  type Instruction,
  type Module,
  NonSemanticShaderDebugInfo100 as DebugInfo100,
} from '@spvkit/core';
import { fail } from './fail.js';
import { debugInfoSets, idPositionsOf, type IndexVar, type ParamAlias, type RawSite, type Site } from './findUses.js';

/** A read of the index (an OpLoad from it, or an OpCopyMemory from it), where the scan found it. */
export interface Read extends RawSite {
  /** Its number among the function instructions, in binary order (0: the first function's first). */
  readonly at: number;
  readonly opcode: number;
  readonly root: IndexVar;
}

/** What the scan found, by instruction number. */
export interface Scan {
  readonly reads: Read[];
  /** Instructions to delete: pointer copies, DebugDeclare/DebugValue of the index. */
  readonly dropped: number[];
  /** Parameters through which every caller passes a pointer to the index. */
  readonly params: { readonly fnId: number; readonly paramId: number }[];
  /** Copies and parameters that go away with the variables. */
  readonly aliasIds: Set<number>;
  /** The module's undecoded function words, which the reads' positions are in; undefined where the bodies were decoded. */
  readonly words: Uint32Array | undefined;
}

/** The same, as the instructions of decoded bodies. */
export interface ObjectScan {
  readonly sites: Site[];
  readonly dropped: Set<Instruction>;
  readonly droppedBlocks: Set<Block>;
  readonly params: ParamAlias[];
  readonly aliasIds: Set<number>;
}

/**
 * Finds every use of the index variables in the function bodies. A use is an OpLoad or an
 * OpCopyMemory from the variable, or from a copy of its pointer (OpCopyObject, OpAccessChain
 * without indexes), or from a function parameter that every caller passes such a pointer.
 * Anything else that uses the pointer is refused with an error naming the instruction.
 */
export function scanBodies(module: Module, roots: ReadonlyMap<number, IndexVar>): Scan {
  const lazy = module.lazyFunctionWords() ?? undefined;
  const words = lazy ?? functionWords(module);
  const bound = module.header.bound;
  const rootOf = new Map(roots);
  const aliasIds = new Set<number>();
  const params: { fnId: number; paramId: number }[] = [];
  const debugSets = debugInfoSets(module);
  const idPositions = idPositionsOf(module);
  const refuse = (n: number, what: string): Error => fail(module, instructionNumbered(module, n), what);
  // Repeat while new pointer aliases turn up (a copy used before it is defined in block order, or a parameter).
  for (;;) {
    const reads: Read[] = [];
    const dropped: number[] = [];
    // Sized by the module, not by its declared bound (which a tiny module may set to millions).
    const aliasBits = createIdFlags(bound, words.length);
    for (const id of rootOf.keys()) aliasBits.add(id);
    const before = rootOf.size;
    const argUses: { call: number; callee: number; arg: number; pointer: number; root: IndexVar }[] = [];
    const walk = new InstructionWalker(words);
    let fnId = 0;
    let inBlock = false;
    for (let n = 0; walk.next(); n++) {
      const { opcode: op, operandStart: s, end } = walk;
      if (op === Op.Function) fnId = walk.resultId;
      if (op === Op.Label || op === Op.Function || op === Op.FunctionEnd) inBlock = op === Op.Label;
      // Only the blocks' instructions read anything (OpFunction's operands are its control and type).
      if (!inBlock) continue;
      for (let k = s; k < end; k++) {
        const w = words[k];
        if (w >= bound || !aliasBits.has(w)) continue;
        const i = k - s;
        const root = rootOf.get(w)!;
        switch (op) {
          case Op.Load:
            if (i === 0) reads.push({ at: n, pos: walk.pos, wc: end - walk.pos, opcode: op, typeId: walk.typeId, resultId: walk.resultId, fnId, root });
            continue;
          case Op.CopyMemory:
            if (i === 1) reads.push({ at: n, pos: walk.pos, wc: end - walk.pos, opcode: op, typeId: 0, resultId: 0, fnId, root });
            else if (i === 0) throw refuse(n, `writes to the LocalInvocationIndex input %${w}`);
            continue;
          case Op.CopyObject:
          case Op.AccessChain:
          case Op.InBoundsAccessChain:
            if (i !== 0) continue;
            if (op !== Op.CopyObject && end - s !== 1) throw refuse(n, `indexes into the scalar LocalInvocationIndex pointer %${w}`);
            rootOf.set(walk.resultId, root);
            aliasBits.add(walk.resultId);
            aliasIds.add(walk.resultId);
            dropped.push(n);
            continue;
          case Op.FunctionCall:
            if (i >= 1) argUses.push({ call: n, callee: words[s], arg: i - 1, pointer: w, root });
            continue;
          case Op.Line:
            continue;
          case Op.ExtInst:
            if (i === 3 && debugSets.has(words[s]) && (words[s + 1] === DebugInfo100.DebugDeclare || words[s + 1] === DebugInfo100.DebugValue)) {
              dropped.push(n);
              continue;
            }
            break;
        }
        if (idPositions(walk.instruction()).has(i)) {
          throw refuse(
            n,
            `uses the pointer %${w} to LocalInvocationIndex in a way this pass cannot rewrite (only OpLoad, OpCopyMemory, OpCopyObject, OpAccessChain without indexes and function arguments are handled)`,
          );
        }
      }
    }
    // A parameter is an alias when every call passes an alias in its place; then it is removed.
    if (argUses.length > 0) {
      const { parameters, calls } = callsOf(words);
      for (const use of argUses) {
        const param = parameters.get(use.callee)?.[use.arg];
        if (param === undefined) throw refuse(use.call, 'calls a function that the module does not define (or with too many arguments)');
        if (rootOf.has(param)) continue;
        for (const other of calls.get(use.callee) ?? []) {
          const arg = other.args[use.arg] ?? 0;
          const argRoot = rootOf.get(arg);
          if (argRoot === undefined) {
            throw refuse(
              use.call,
              `passes the pointer %${use.pointer} to LocalInvocationIndex as argument ${use.arg} of %${use.callee}, but another call passes a different pointer (%${arg}) there; the function cannot be rewritten for both`,
            );
          }
          if (argRoot.typeId !== use.root.typeId)
            throw refuse(other.at, 'passes pointers to LocalInvocationIndex variables of different types to one parameter');
        }
        rootOf.set(param, use.root);
        aliasIds.add(param);
        params.push({ fnId: use.callee, paramId: param });
      }
    }
    if (rootOf.size === before) return { reads, dropped, params, aliasIds, words: lazy };
  }
}

/** The function words of a module whose bodies were decoded: its encoding from the first function on, as the module index holds it. */
function functionWords(module: Module): Uint32Array {
  const { words, index } = module.analysis(ModuleIndexAnalysis);
  let globals = 0;
  for (const name of SECTIONS) globals += module.section(name).length;
  return words.subarray(index.pos[globals]);
}

/** Each function's parameters, and the calls to each function (their arguments), by function id. */
function callsOf(words: Uint32Array): { parameters: Map<number, number[]>; calls: Map<number, { at: number; args: Uint32Array }[]> } {
  const parameters = new Map<number, number[]>();
  const calls = new Map<number, { at: number; args: Uint32Array }[]>();
  const walk = new InstructionWalker(words);
  let list: number[] = [];
  let inBlock = false;
  for (let n = 0; walk.next(); n++) {
    const op = walk.opcode;
    if (op === Op.Label || op === Op.Function || op === Op.FunctionEnd) inBlock = op === Op.Label;
    if (op === Op.Function) parameters.set(walk.resultId, (list = []));
    else if (op === Op.FunctionParameter && !inBlock) list.push(walk.resultId);
    else if (op === Op.FunctionCall && inBlock && walk.end > walk.operandStart) {
      const callee = words[walk.operandStart];
      const call = { at: n, args: words.subarray(walk.operandStart + 1, walk.end) };
      const l = calls.get(callee);
      if (l === undefined) calls.set(callee, [call]);
      else l.push(call);
    }
  }
  return { parameters, calls };
}

/** An instruction, with its function and block, as the decoded bodies hold it. */
interface Located {
  readonly fn: SpvFunction;
  readonly block: Block | undefined;
  readonly inst: Instruction;
}

/**
 * The instructions numbered `numbers` among the function instructions (as the scan numbers them:
 * binary order, each function's leading lines, OpFunction, parameters, labels and OpFunctionEnd
 * included), by number; never a label or an OpFunctionEnd, which the scan names none of. Decodes
 * the bodies.
 */
function locate(module: Module, numbers: Iterable<number>): Map<number, Located> {
  const wanted = Int32Array.from(numbers).sort();
  const found = new Map<number, Located>();
  let k = 0;
  let n = 0;
  // The wanted numbers below n + list.length are in `list`; most lists hold none.
  const take = (fn: SpvFunction, block: Block | undefined, list: readonly Instruction[]): void => {
    const end = n + list.length;
    for (; k < wanted.length && wanted[k] < end; k++) found.set(wanted[k], { fn, block, inst: list[wanted[k] - n] });
    n = end;
  };
  for (const fn of module.functions) {
    if (k === wanted.length) break;
    take(fn, undefined, fn.leading);
    take(fn, undefined, [fn.definition, ...fn.preamble]);
    for (const block of fn.blocks) {
      n++; // its label
      take(fn, block, block.instructions);
    }
    n++; // OpFunctionEnd
  }
  return found;
}

/** The instruction numbered `n` (decodes the bodies; for messages). */
export function instructionNumbered(module: Module, n: number): Instruction {
  return locate(module, [n]).get(n)!.inst;
}

/** What `scan` found, as the instructions, blocks and parameters of the decoded bodies (decodes them). */
export function onObjects(module: Module, scan: Scan): ObjectScan {
  const at = locate(module, [...scan.reads.map((r) => r.at), ...scan.dropped]);
  const sites = scan.reads.map((r): Site => {
    const { fn, block, inst } = at.get(r.at)!;
    return { fn, block: block!, inst, root: r.root };
  });
  const dropped = new Set(scan.dropped.map((n) => at.get(n)!.inst));
  const droppedBlocks = new Set(scan.dropped.map((n) => at.get(n)!.block!));
  const byId = new Map(module.functions.map((f) => [f.id, f]));
  const params = scan.params.map(({ fnId, paramId }): ParamAlias => {
    const fn = byId.get(fnId)!;
    return { fn, param: fn.parameters.find((p) => p.resultId === paramId)! };
  });
  return { sites, dropped, droppedBlocks, params, aliasIds: scan.aliasIds };
}
