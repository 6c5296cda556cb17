// The release list (`strip-debug, eliminate-dead-functions, eliminate-dead-const, compact-ids`,
// spirv-opt's usual release flags) run as one walk over the function bodies and one write, for a
// module whose bodies are still words: what `runPasses` then `encodeModule` give, byte for byte,
// without the passes' own walks. A process that runs them once (`spvkit opt` on a 4 MB module)
// spends most of its time in code the engine has not optimized yet, and each pass's loops over the
// bodies start cold: one walk instead of six is most of what a cold run of the list costs. Modules outside
// what this handles (debug-info or other non-semantic sets, dead functions, decoration groups,
// linkage, OpenCL kernels querying functions) get undefined, and the passes then run as usual.
import {
  Decoration,
  HEADER_WORDS,
  HOST_ENDIANNESS,
  Op,
  SECTIONS,
  SHAPE_RESULT,
  SHAPE_TYPE,
  SPIRV_MAGIC,
  SpirvError,
  decodeLiteralString,
  decoratesTarget,
  instructionShape,
  isAnnotation,
  isConstantCreation,
  isTypeDeclaration,
  type Instruction,
  type Module,
  type SectionName,
} from '@spvkit/core';
import { builtInConstantMustStay } from '../dead-code/workgroupSize.js';
import { DEBUG_INFO_SETS, isNonSemanticSet } from '../strip/extInstSets.js';
import { NAMES_FUNCTION } from '../words/bodyWords.js';
import { IdOperands } from '../words/idOperands.js';

/** The pass list this runs fused: spirv-opt's release flags, in their order. */
export const FUSED_RELEASE_PASSES: readonly string[] = Object.freeze(['strip-debug', 'eliminate-dead-functions', 'eliminate-dead-const', 'compact-ids']);

/**
 * Whether `passes` is {@link FUSED_RELEASE_PASSES}, the list {@link encodeReleased} runs fused: for
 * a caller that decides how to decode before it has a module (decodeModule's `deferBodyScan`).
 *
 * @example
 * ```ts
 * const module = decodeModule(bytes, { deferBodyScan: runsFused(passes) });
 * ```
 */
export function runsFused(passes: readonly string[]): boolean {
  return passes.length === FUSED_RELEASE_PASSES.length && passes.every((p, i) => p === FUSED_RELEASE_PASSES[i]);
}

const NON_SEMANTIC_INFO = 'SPV_KHR_non_semantic_info';

const isLine = (op: number): boolean => op === Op.Line || op === Op.NoLine;

/**
 * 1 for the opcodes whose only id operand is their result type (scalar constants, OpUndef): most
 * of a module's globals, whose uses the sweep counts without IdOperands' copy of their words.
 */
const TYPE_ONLY = new Uint8Array(64);
for (const op of [Op.Constant, Op.ConstantTrue, Op.ConstantFalse, Op.ConstantNull, Op.SpecConstant, Op.SpecConstantTrue, Op.SpecConstantFalse, Op.Undef])
  TYPE_ONLY[op] = 1;

/** The sections strip-debug empties, and the others. */
const DEBUG_SECTIONS: readonly SectionName[] = ['debugStrings', 'debugNames', 'debugModuleProcessed'];
const KEPT_SECTIONS: readonly SectionName[] = SECTIONS.filter((name) => !DEBUG_SECTIONS.includes(name));

/**
 * The encoding of `module` after {@link FUSED_RELEASE_PASSES}, exactly what `runPasses(module,
 * passes)` and `encodeModule(module)` would give, computed in one walk over the undecoded
 * function bodies; `undefined` when `passes` is not that list or the module is outside what the
 * fused walk handles (then run the passes). `module` is read, never changed: it must hold its
 * bodies as words, as a freshly decoded or assembled module does (in the host's byte order).
 *
 * @example
 * ```ts
 * const module = decodeModule(bytes);
 * const words = encodeReleased(module, ['strip-debug', 'eliminate-dead-functions', 'eliminate-dead-const', 'compact-ids']);
 * const out = words ?? (runPasses(module, passes), encodeModule(module));
 * ```
 */
export function encodeReleased(module: Module, passes: readonly string[]): Uint32Array | undefined {
  if (!runsFused(passes)) return undefined;
  try {
    return released(module);
  } catch (e) {
    // Body words the walk cannot read (decoding checks only their structure): the passes meet the
    // same words and report them as a pass's diagnostic.
    if (e instanceof SpirvError) return undefined;
    throw e;
  }
}

function released(module: Module): Uint32Array | undefined {
  // Unchecked: the walk makes decodeModule's structural check of the bodies itself (for a module
  // decoded with deferBodyScan, where it has not run); finding anything amiss, it declines.
  const bodies = module.lazyFunctionWords(true);
  if (bodies === null || module.endianness !== HOST_ENDIANNESS) return undefined;
  const bound = module.header.bound;
  // Dense tables by id, as the passes' IdCounts are for a module whose bound is in proportion to its size.
  if (bound > 8 * bodies.length + 1024) return undefined;
  // The ids defined before the functions (imports, strings, globals), for the walk's check that a
  // result id is defined once.
  const defined = new Uint8Array(bound);

  // Debug-info and other non-semantic sets take the passes' general paths (their trees, kept
  // OpStrings, SPV_KHR_non_semantic_info while one is left).
  for (const inst of module.extInstImports) {
    const name = decodeLiteralString(inst.operands, 0, inst.operandCount).value;
    if (DEBUG_INFO_SETS.has(name) || isNonSemanticSet(name)) return undefined;
    defined[inst.resultId] = 1;
  }
  const builtIns = new Set<number>();
  const annotations = module.annotations;
  for (let i = 0; i < annotations.length; i++) {
    const inst = annotations[i];
    const op = inst.opcode;
    if (op === Op.DecorationGroup || op === Op.GroupDecorate || op === Op.GroupMemberDecorate) return undefined;
    if (!isAnnotation(op) && !isLine(op)) return undefined;
    if (op === Op.Decorate && inst.word(1) === Decoration.LinkageAttributes) return undefined;
    if (op === Op.Decorate && inst.word(1) === Decoration.BuiltIn) builtIns.add(inst.word(0));
  }
  // Indexed loops and a typed index by id throughout: this runs once per process, unoptimized for
  // most of its run, where iterators and Maps cost more than the work on a -g module's globals.
  const globals = module.globals;
  const globalAt = new Int32Array(bound + 1); // id -> its index in globals + 1
  for (let i = 0; i < globals.length; i++) {
    const inst = globals[i];
    const op = inst.opcode;
    // What eliminate-dead-functions does not look into for function ids, and the sweep can remove.
    const plain = op !== Op.ConstantFunctionPointerINTEL && (isTypeDeclaration(op) || isConstantCreation(op) || op === Op.Variable || op === Op.Undef);
    if (!plain && !isLine(op)) return undefined;
    if (inst.resultId !== 0) {
      globalAt[inst.resultId] = i + 1;
      defined[inst.resultId] = 1;
    }
  }
  const definition = (id: number): Instruction | undefined => (id < globalAt.length && globalAt[id] !== 0 ? globals[globalAt[id] - 1] : undefined);

  // Whether strip-debug changes the module (and then drops SPV_KHR_non_semantic_info, no
  // non-semantic set being left): lines, names, strings, sources or processes to remove. The debug
  // sections all go: while the decoder holds them as words (lazyDebugWords), they are read as words
  // and never built.
  let lines = false;
  let debugAny = false;
  const strings: number[] = [];
  const debugWords = module.lazyDebugWords();
  if (debugWords !== null) {
    debugAny = debugWords.length > 0;
    for (let pos = 0; pos < debugWords.length; pos += debugWords[pos] >>> 16) {
      const op = debugWords[pos] & 0xffff;
      if (op === Op.Line || op === Op.NoLine) lines = true;
      else if (op === Op.String) strings.push(debugWords[pos + 1]);
    }
  } else {
    for (const name of DEBUG_SECTIONS) {
      const list = module.section(name);
      debugAny ||= list.length > 0;
      for (let i = 0; i < list.length; i++) {
        if (isLine(list[i].opcode)) lines = true;
        else if (list[i].opcode === Op.String) strings.push(list[i].resultId);
      }
    }
  }
  // The output, with room for every instruction before the functions that strip-debug keeps: the
  // bodies are copied in after that room, and what the walk drops is closed up there, in place;
  // the room left once the constants are swept is closed at the end. One buffer, one copy of the
  // bodies, nothing allocated per run of kept words.
  let room = HEADER_WORDS;
  for (const name of KEPT_SECTIONS) {
    const list = module.section(name);
    for (let i = 0; i < list.length; i++) {
      const inst = list[i];
      if (isLine(inst.opcode)) lines = true;
      else room += inst.wordCount;
    }
  }
  const out = new Uint32Array(room + bodies.length);
  out.set(bodies, room);

  const ids = new IdOperands(module, bodies.length);
  const positions = new Int32Array(bodies.length);
  const counts = new Uint32Array(bound + 1);
  for (const id of strings) defined[id] = 1;
  const walk = walkBodies(bodies, out, room, ids, positions, counts, defined);
  if (walk === undefined) return undefined;
  const { functionIds, callers, calleeIds, found, length } = walk;
  lines ||= walk.lines;

  // eliminate-dead-functions: every function must be reached from an entry point (removing dead
  // ones, with what only they used, is the passes' work).
  const indexOf = new Map<number, number>();
  functionIds.forEach((id, i) => indexOf.set(id, i));
  const callees: number[][] = Array.from(functionIds, () => []);
  for (let i = 0; i < callers.length; i++) callees[callers[i]].push(calleeIds[i]);
  const live = new Uint8Array(functionIds.length);
  const stack: number[] = module.entryPoints.map((ep) => ep.word(1));
  let reached = 0;
  while (stack.length > 0) {
    const f = indexOf.get(stack.pop()!);
    if (f === undefined || live[f] === 1) continue;
    live[f] = 1;
    reached++;
    for (const callee of callees[f]) stack.push(callee);
  }
  if (reached !== functionIds.length) return undefined;

  const strips = lines || debugAny;
  // strip-debug removes every OpString (no non-semantic instruction keeps one here) and the
  // decorations of the ids it removes.
  const stripped = new Set<number>(strings);

  // eliminate-dead-const: real uses in the sections that stay (names and decorations are not
  // uses; OpDecorateId's id operands are), then removals followed to a fixed point, as the
  // passes' Sweep does.
  const add = (id: number): void => {
    if (id < counts.length) counts[id]++;
  };
  const uses = (inst: Instruction, use: (id: number) => void): void => {
    if (inst.opcode < TYPE_ONLY.length && TYPE_ONLY[inst.opcode] === 1) use(inst.typeId);
    else ids.uses(inst, use);
  };
  for (const name of ['entryPoints', 'executionModes', 'globals'] as const) {
    const list = module.section(name);
    for (let i = 0; i < list.length; i++) if (!isLine(list[i].opcode)) uses(list[i], add);
  }
  for (let i = 0; i < annotations.length; i++) {
    const inst = annotations[i];
    if (inst.opcode === Op.DecorateId && !stripped.has(inst.word(0))) for (let k = 2; k < inst.operandCount; k++) add(inst.word(k));
  }
  const removed = new Uint8Array(bound + 1);
  const candidates: number[] = [];
  const removable = (id: number): boolean => {
    const inst = definition(id);
    if (inst === undefined) return false;
    const op = inst.opcode;
    if (isConstantCreation(op)) return !builtIns.has(id) || !builtInConstantMustStay(module, inst, definition);
    return isTypeDeclaration(op) || op === Op.Undef || op === Op.Variable;
  };
  const drop = (id: number): void => {
    const n = id < counts.length ? counts[id] : 0;
    if (n > 0) counts[id] = n - 1;
    if (n <= 1) candidates.push(id);
  };
  const remove = (id: number): void => {
    const inst = definition(id);
    if (inst === undefined || removed[id] === 1) return;
    removed[id] = 1;
    uses(inst, drop);
  };
  for (let i = 0; i < globals.length; i++) {
    const id = globals[i].resultId;
    if (id !== 0 && isConstantCreation(globals[i].opcode) && counts[id] === 0 && removable(id)) remove(id);
  }
  while (candidates.length > 0) {
    const id = candidates.pop()!;
    if (id < removed.length && removed[id] === 0 && counts[id] === 0 && removable(id)) remove(id);
  }
  const gone = (id: number): boolean => stripped.has(id) || (id < removed.length && removed[id] === 1);

  // The instructions before the functions that stay, written in order.
  const keep = (name: SectionName, inst: Instruction): boolean => {
    if (isLine(inst.opcode)) return false;
    switch (name) {
      case 'extensions':
        return !strips || decodeLiteralString(inst.operands, 0, inst.operandCount).value !== NON_SEMANTIC_INFO;
      case 'annotations':
        return !decoratesTarget(inst.opcode) || !gone(inst.word(0));
      case 'globals':
        return !gone(inst.resultId);
      default:
        return true;
    }
  };
  const h = module.header;
  out[0] = SPIRV_MAGIC;
  out[1] = h.version;
  out[2] = h.generator;
  out[4] = h.schema;
  let head = HEADER_WORDS;
  for (const name of KEPT_SECTIONS) {
    const list = module.section(name);
    for (let i = 0; i < list.length; i++) {
      const inst = list[i];
      if (!keep(name, inst)) continue;
      // (Below the bodies, which start at room.)
      out[head++] = ((inst.wordCount << 16) | inst.opcode) >>> 0;
      if (inst.typeId !== 0) out[head++] = inst.typeId;
      if (inst.resultId !== 0) out[head++] = inst.resultId;
      // Word by word: most are constants of one operand word, where a view of the operands
      // (an object per instruction) and a copy of it cost more than the word.
      for (let k = 0, n = inst.operandCount; k < n; k++) out[head++] = inst.word(k);
    }
  }

  // compact-ids: ids renumbered in order of first appearance, instruction by instruction.
  if (head !== room) out.copyWithin(head, room, room + length);
  const map = new Uint32Array(bound + 1);
  const next = renumberBodies(out, head, positions, found, map, renumberGlobals(out, head, ids, map));
  out[3] = next;
  return out.subarray(0, head + length);
}

/** What {@link walkBodies} found. */
interface BodyWalk {
  /** How many id positions it wrote. */
  readonly found: number;
  /** How many words it kept. */
  readonly length: number;
  /** Whether it dropped an OpLine or OpNoLine. */
  readonly lines: boolean;
  readonly functionIds: Uint32Array;
  /** For each OpFunctionCall, the index of its function in functionIds and the id it calls. */
  readonly callers: Uint32Array;
  readonly calleeIds: Uint32Array;
}

// The loops over every body instruction and every id are functions of their own: the engine
// compiles a loop it finds hot (on-stack replacement) by compiling the whole function around it,
// and a small function is compiled in a fraction of the time released() would take, most of the
// walk having run uncompiled meanwhile.

/**
 * The walk: drops OpLine and OpNoLine, closing up the kept words of `out` (the bodies copied there
 * from `room`) in place; writes where the ids are into `positions` (result ids as ~index, indexes
 * into the kept words: appendPositions' layout, written out here with the count of uses in the same
 * loop); counts uses into `counts`; notes functions and calls. Undefined when the bodies are
 * outside what the fused walk handles.
 */
function walkBodies(
  bodies: Uint32Array,
  out: Uint32Array,
  room: number,
  ids: IdOperands,
  positions: Int32Array,
  counts: Uint32Array,
  defined: Uint8Array,
): BodyWalk | undefined {
  const bound = counts.length - 1;
  // Functions and calls go to typed arrays, written at every instruction and kept by counting
  // only OpFunction and OpFunctionCall: a store the engine had not yet seen run when it compiled
  // the walk (an OpFunction comes once in a hundred instructions) threw the compiled walk away
  // mid-run, to be compiled again (10 ms on the lent machine). Both take 3 words at least.
  const most = Math.floor(bodies.length / 3) + 1;
  const functionIds = new Uint32Array(most);
  const callers = new Uint32Array(most);
  const calleeIds = new Uint32Array(most);
  let functions = 0;
  let calls = 0;
  let lines = false;
  let found = 0;
  let length = 0;
  let runStart = 0;
  let inFunction = false;
  for (let pos = 0, n = bodies.length; pos < n;) {
    const first = bodies[pos];
    const end = pos + (first >>> 16);
    const op = first & 0xffff;
    const shape = instructionShape[op];
    // decodeModule's structural check (not made yet for a module decoded with deferBodyScan): a
    // word count of 0, one that runs past the end or leaves no room for the result type and id,
    // a result id of 0 or one defined before. Anything amiss, the walk declines, and the passes
    // read the words checked: the check then fails as the decode would have.
    // (One sum rather than a choice between two: code the engine compiled before it met a result
    // without a type, OpLabel, would have been thrown away and compiled again when it did.)
    const resultAt = (shape & SHAPE_RESULT) === 0 ? -1 : pos + 1 + ((shape & SHAPE_TYPE) !== 0 ? 1 : 0);
    if (end <= pos || end > n || end <= resultAt || ((shape & SHAPE_TYPE) !== 0 && end <= pos + 1)) return undefined;
    let result = 0;
    if (resultAt >= 0) {
      result = bodies[resultAt];
      if (result === 0 || result >= bound || defined[result] !== 0) return undefined;
      defined[result] = 1;
    }
    if (op === Op.Line || op === Op.NoLine) {
      lines = true;
      if (runStart < pos && length - (pos - runStart) !== runStart) out.copyWithin(room + length - (pos - runStart), room + runStart, room + pos);
      runStart = end;
      pos = end;
      continue;
    }
    if (op === Op.Function) {
      if (inFunction) return undefined;
      inFunction = true;
    } else if (op === Op.FunctionEnd) {
      if (!inFunction) return undefined;
      inFunction = false;
    } else if (!inFunction || NAMES_FUNCTION[op] === 1) return undefined;
    functionIds[functions] = result;
    functions += op === Op.Function ? 1 : 0;
    callers[calls] = functions - 1;
    calleeIds[calls] = bodies[pos + 3 < end ? pos + 3 : pos];
    calls += op === Op.FunctionCall ? 1 : 0;
    const c = ids.collectInto(positions, found, bodies, pos, end - pos);
    const shift = length - pos;
    for (let k = found, last = found + c; k < last; k++) {
      const p = positions[k];
      const id = bodies[p];
      if (id >= bound) return undefined;
      if (p === resultAt) positions[k] = ~(p + shift);
      else {
        counts[id]++;
        positions[k] = p + shift;
      }
    }
    found += c;
    length += end - pos;
    pos = end;
  }
  if (inFunction) return undefined;
  if (runStart < bodies.length && length - (bodies.length - runStart) !== runStart) {
    out.copyWithin(room + length - (bodies.length - runStart), room + runStart, room + bodies.length);
  }
  return {
    found,
    length,
    lines,
    functionIds: functionIds.subarray(0, functions),
    callers: callers.subarray(0, calls),
    calleeIds: calleeIds.subarray(0, calls),
  };
}

/**
 * compact-ids over the instructions before the functions (`out[HEADER_WORDS, head)`): ids renumbered
 * in order of first appearance into `map` (old id to new, 0 while unseen). Returns the next new id.
 */
function renumberGlobals(out: Uint32Array, head: number, ids: IdOperands, map: Uint32Array): number {
  let next = 1;
  const typeAndResult = new Int32Array(2);
  for (let pos = HEADER_WORDS; pos < head; pos += out[pos] >>> 16) {
    const op = out[pos] & 0xffff;
    let c = 2;
    let where = typeAndResult;
    if (op < TYPE_ONLY.length && TYPE_ONLY[op] === 1) {
      typeAndResult[0] = pos + 1;
      typeAndResult[1] = pos + 2;
    } else {
      c = ids.collect(out, pos, out[pos] >>> 16);
      where = ids.found;
    }
    for (let k = 0; k < c; k++) {
      const i = where[k];
      const old = out[i];
      let id = old < map.length ? map[old] : 0;
      if (id === 0) {
        id = next++;
        if (old < map.length) map[old] = id;
      }
      out[i] = id;
    }
  }
  return next;
}

/** compact-ids over the bodies, from `out[head]`, at the first `found` of walkBodies' `positions`; returns the next new id. */
function renumberBodies(out: Uint32Array, head: number, positions: Int32Array, found: number, map: Uint32Array, next: number): number {
  for (let k = 0; k < found; k++) {
    const p = positions[k];
    const i = head + (p < 0 ? ~p : p);
    const old = out[i];
    let id = map[old];
    if (id === 0) {
      id = next++;
      map[old] = id;
    }
    out[i] = id;
  }
  return next;
}
