import { HEADER_WORDS } from './header.js';
import { instructionEnd } from '../words/instructionSteps.js';
import { decodeLiteralString } from './literalString.js';
import { SpirvError } from '../errors/SpirvError.js';
import { Op } from '../grammar/index.js';
import { SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../grammar/shapes.js';

/**
 * What one walk over a module's words finds, in flat typed arrays indexed by instruction number
 * (the instruction's place in binary order) or by id, so that code reading a whole module (the
 * validator's rules, the control-flow graph) runs over numbers and allocates nothing per
 * instruction. Built by {@link indexModule}, which accepts broken modules: it indexes what can be
 * read and says where reading stopped. {@link ModuleIndexAnalysis} caches it on a module.
 *
 * @example
 * ```ts
 * const { index } = indexModule(words);
 * for (let i = 0; i < index.count; i++) if (index.opcode[i] === Op.Store) console.log(index.words[index.operandStart[i]]);
 * ```
 */
export interface ModuleIndex {
  readonly words: Uint32Array;
  /** The header's id bound. */
  readonly bound: number;
  /** How many instructions were walked (all of them, unless the walk stopped at a broken word count). */
  readonly count: number;
  /** Word index of each instruction's first word. */
  readonly pos: Int32Array;
  /** Word index of each instruction's first operand after its result type and result id. */
  readonly operandStart: Int32Array;
  /** Word index just past each instruction. */
  readonly end: Int32Array;
  /** Each instruction's opcode. */
  readonly opcode: Uint16Array;
  /** Each instruction's result type id, or 0. */
  readonly typeId: Uint32Array;
  /** Each instruction's result id, or 0. */
  readonly resultId: Uint32Array;
  /**
   * Per id (below {@link idLimit}): the number of the instruction defining it, plus one (0: not
   * defined). The first definition wins where an id is defined twice.
   */
  readonly defOf: Int32Array;
  /** Ids at or above this are defined nowhere (the largest result id below the bound, plus one). */
  readonly idLimit: number;
  /** Ids of OpExtInstImports of non-semantic or debug-info sets, whose OpExtInsts may appear among the globals. */
  readonly debugSets: ReadonlySet<number>;
  /** Ids of OpExtInstImports of sets whose instructions take ids only (GLSL.std.450, NonSemantic.*): their operands need no grammar walk. */
  readonly idOnlySets: ReadonlySet<number>;
}

/** A broken word count: the walk stops there, as nothing after it can be found. */
export interface BrokenWords {
  readonly kind: 'word-count' | 'too-short';
  /** Instruction number of the broken instruction (= the count walked before it). */
  readonly instruction: number;
  readonly pos: number;
}

/**
 * Walks the module's words once (header already checked: `words.length >= HEADER_WORDS`), recording
 * every instruction's place and every id's definition. Stops at a word count that is 0 or runs past
 * the end, and at an instruction too short for its result type and result id, reporting it in `broken`.
 */
export function indexModule(words: Uint32Array): { index: ModuleIndex; broken?: BrokenWords } {
  const bound = words[3];
  // Count first, so the tables are allocated once at their size; where a step fails, the
  // instructions before it are what can be read.
  let count = 0;
  let broken: BrokenWords | undefined;
  let p = HEADER_WORDS;
  try {
    for (const n = words.length; p < n; count++) p = instructionEnd(words, p);
  } catch (e) {
    if (!(e instanceof SpirvError)) throw e;
    broken = { kind: e.code === 'INSTRUCTION_TOO_SHORT' ? 'too-short' : 'word-count', instruction: count, pos: p };
  }
  const pos = new Int32Array(count + 1);
  const operandStart = new Int32Array(count);
  const end = new Int32Array(count);
  const opcode = new Uint16Array(count);
  const typeId = new Uint32Array(count);
  const resultId = new Uint32Array(count);
  let maxId = 0;
  // The steps were checked by the count: each ends where its word count says.
  let at = HEADER_WORDS;
  for (let i = 0; i < count; i++) {
    const first = words[at];
    const op = first & 0xffff;
    const shape = instructionShape[op];
    let o = at + 1;
    if ((shape & SHAPE_TYPE) !== 0) typeId[i] = words[o++];
    if ((shape & SHAPE_RESULT) !== 0) {
      const id = words[o++];
      resultId[i] = id;
      if (id > maxId && id < bound) maxId = id;
    }
    pos[i] = at;
    operandStart[i] = o;
    opcode[i] = op;
    at += first >>> 16;
    end[i] = at;
  }
  const walked = count;
  pos[walked] = at;
  const idLimit = maxId + 1;
  const defOf = new Int32Array(idLimit);
  const debugSets = new Set<number>();
  const idOnlySets = new Set<number>();
  for (let k = 0; k < walked; k++) {
    const id = resultId[k];
    if (id !== 0 && id < idLimit && defOf[id] === 0) defOf[id] = k + 1;
    if (opcode[k] === Op.ExtInstImport) {
      const name = readString(words, operandStart[k], end[k]) ?? '';
      if (name.startsWith('NonSemantic.') || name.endsWith('DebugInfo.100') || name === 'DebugInfo') debugSets.add(id);
      if (name.startsWith('NonSemantic.') || name === 'GLSL.std.450') idOnlySets.add(id);
    }
  }
  const index: ModuleIndex = { words, bound, count: walked, pos, operandStart, end, opcode, typeId, resultId, defOf, idLimit, debugSets, idOnlySets };
  return broken === undefined ? { index } : { index, broken };
}

/** The number of the instruction defining `id`, or -1. */
export function definitionOf(index: ModuleIndex, id: number): number {
  return id < index.idLimit ? index.defOf[id] - 1 : -1;
}

/** The literal string in `words[start, end)`, or undefined where it has no terminating nul: the index reads damaged modules. */
function readString(words: Uint32Array, start: number, end: number): string | undefined {
  try {
    return decodeLiteralString(words, start, end).value;
  } catch {
    return undefined;
  }
}
