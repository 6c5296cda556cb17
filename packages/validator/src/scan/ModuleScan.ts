import { HEADER_WORDS, Op, SHAPE_RESULT, SHAPE_TYPE, SpirvError, instructionEnd, instructionShape } from '@spvkit/core';
import { readString } from './readString.js';

/**
 * What one walk over a module's words finds, in flat typed arrays indexed by instruction number
 * (the instruction's place in binary order) or by id, so the rules run over numbers and nothing
 * is allocated per instruction. Built by {@link scanModule}; every rule family reads it.
 */
export interface ModuleScan {
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
export function scanModule(words: Uint32Array): { scan: ModuleScan; broken?: BrokenWords } {
  const bound = words[3];
  // Count first, so the tables are allocated once at their size. Core's instructionEnd checks each
  // step (the walker's step without its state: a loop of locals tiers up sooner, and the command
  // runs this once, cold); where it fails, the instructions before are what can be validated.
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
  const scan: ModuleScan = { words, bound, count: walked, pos, operandStart, end, opcode, typeId, resultId, defOf, idLimit, debugSets, idOnlySets };
  return broken === undefined ? { scan } : { scan, broken };
}

/** The instruction defining `id`, or -1. */
export function defIndex(scan: ModuleScan, id: number): number {
  return id < scan.idLimit ? scan.defOf[id] - 1 : -1;
}
