import { SpirvError, formatOffset } from '../errors/SpirvError.js';
// Decoding reads the shapes of the grammar only (no names), so a page that decodes stays small;
// errors name an instruction by its opcode number, which `spvkit dis` turns into its name.
import { Op } from '../grammar/generated/enums.js';
import { SHAPE_KNOWN, SHAPE_RESULT, SHAPE_TYPE, instructionOperands, instructionShape } from '../grammar/shapes.js';
import { Block } from '../ir/Block.js';
import { Function } from '../ir/Function.js';
import { Instruction } from '../ir/Instruction.js';
import { Module } from '../ir/Module.js';
import { GLOBALS_SECTION, SECTIONS, naturalSection } from '../ir/sections.js';
import { OperandTables } from '../ir/OperandTables.js';
import { createIdFlags, type IdFlags } from '../ir/idTables.js';
import { walkOperands } from '../ir/operands.js';
import { DEFAULT_MAX_ID_BOUND, HEADER_WORDS, SPIRV_MAGIC } from './header.js';
import { instructionAt, instructionEnd, placeOf } from './InstructionWalker.js';
import { TEXT_HINT, looksLikeText, readWords, type BinaryInput } from './wordInput.js';
import { hasZeroByte, terminatorWord } from './literalString.js';

/** Options for {@link decodeModule}. */
export interface DecodeOptions {
  /**
   * Largest id bound accepted, and the limit for ids allocated later. Default 0x3FFFFF, the
   * minimum every SPIR-V consumer must support.
   */
  maxIdBound?: number;
  /**
   * Decode function bodies only when first read (default true). Structural checks (word counts,
   * result ids) always run at decode time; operand-level checks of function bodies run when they
   * are decoded, so set this to false to get every error from `decodeModule` itself.
   */
  lazyFunctions?: boolean;
  /**
   * Deepest nesting of composite types accepted (a struct of arrays of vectors is 3 deep).
   * Default 255, the universal limit for structure nesting; deeper modules fail with
   * `TYPE_NESTING_TOO_DEEP` instead of exhausting the stack of whatever walks their types.
   */
  maxTypeNesting?: number;
}

/** Default for {@link DecodeOptions.maxTypeNesting}. */
export const DEFAULT_MAX_TYPE_NESTING = 255;

/**
 * Decodes a SPIR-V binary into a {@link Module}. Accepts words or bytes at any byte offset, in
 * either byte order.
 *
 * Every malformed input fails with a {@link SpirvError} whose code says what is wrong and whose
 * offset says where: a truncated header, a wrong magic number, a word count of zero or past the
 * end, a bound of zero or above the limit, an unterminated string, an id at or above the bound, a
 * result id defined twice.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * const module = decodeModule(readFileSync('shader.spv'));
 * console.log(module.header.bound, module.entryPoints.length);
 * ```
 */
export function decodeModule(input: BinaryInput, options: DecodeOptions = {}): Module {
  const { words, endianness } = readWords(input);
  const maxBound = options.maxIdBound ?? DEFAULT_MAX_ID_BOUND;
  if (words.length < HEADER_WORDS) {
    throw new SpirvError('TRUNCATED_HEADER', `the input is ${words.length * 4} bytes, shorter than the 20-byte SPIR-V header`, {
      offset: words.length * 4,
      hint: looksLikeText(bytesOf(words)) ? TEXT_HINT : 'the file is empty or truncated',
    });
  }
  if (words[0] !== SPIRV_MAGIC) {
    throw new SpirvError(
      'BAD_MAGIC',
      `not a SPIR-V module: the first word is 0x${words[0].toString(16).padStart(8, '0')}, expected the magic number 0x07230203`,
      { offset: 0, hint: looksLikeText(bytesOf(words)) ? TEXT_HINT : 'a file of another format, or a damaged one?' },
    );
  }
  const bound = words[3];
  if (bound === 0) {
    throw new SpirvError('BOUND_ZERO', 'the header declares an id bound of 0, so no id can be valid', { offset: 12 });
  }
  if (bound > maxBound) {
    throw new SpirvError(
      'BOUND_TOO_LARGE',
      `the header declares an id bound of ${bound} (0x${bound.toString(16)}), above the limit of ${maxBound} (0x${maxBound.toString(16)})`,
      { offset: 12, hint: 'the header is corrupt, or raise the maxIdBound option if this module really needs that many ids' },
    );
  }

  const module = new Module({ version: words[1], generator: words[2], bound, schema: words[4] }, maxBound);
  module.endianness = endianness;
  const state = new DecodeState(words, bound, options.maxTypeNesting ?? DEFAULT_MAX_TYPE_NESTING);

  // The sections before the functions are decoded eagerly: they are small and every analysis needs them.
  let section = 0;
  const end = words.length;
  // Where the functions start: the first OpFunction, or the end when there is none.
  let start = end;
  // The words of the debug sections.
  let debugStart = -1;
  let debugEnd = -1;
  const globals = module.globals;
  // The decoder walks with instructionEnd, the step of InstructionWalker without its state: the
  // position stays in a local (a register) and a page that only decodes carries no walker.
  for (let pos = HEADER_WORDS, next: number; pos < end; pos = next) {
    next = instructionEnd(words, pos);
    const opcode = words[pos] & 0xffff;
    if (opcode === Op.Function) {
      start = pos;
      break;
    }
    if (opcode === Op.Name && section <= DEBUG_NAMES && next - pos >= 3 && words[pos + 1] < bound && hasZeroByte(words[next - 1])) {
      // OpName, three in four instructions before the functions of a -g module, checked here
      // without the calls of the general path (whose checks it passes: its target is below the
      // bound, its string ends in its last word): for most of a -g module's globals, the general
      // path's calls cost more than this check.
      section = DEBUG_NAMES;
      if (debugStart < 0) debugStart = pos;
      debugEnd = next;
      continue;
    }
    if (opcode === Op.Constant && section <= GLOBALS_SECTION) {
      // OpConstant, most of the rest: its value is a number as wide as its type, which the
      // operand check only steps over (where it is missing, the walk ends), so only its ids are
      // checked, by instructionAt.
      const inst = state.instructionAt(pos, next, false);
      globals.push(inst);
      state.noteGlobal(inst, pos);
      section = GLOBALS_SECTION;
      continue;
    }
    const natural = naturalSection(opcode, (instructionShape[opcode] & SHAPE_KNOWN) !== 0);
    if (natural > section) section = natural;
    if (section >= DEBUG_STRINGS && section <= DEBUG_MODULE_PROCESSED) {
      // The debug sections are checked here and built when first read (Module.lazyDebugWords):
      // they are one run of words, since the sections only move forward.
      state.checkWords(pos, next, opcode);
      if (debugStart < 0) debugStart = pos;
      debugEnd = next;
      continue;
    }
    const inst = state.instructionAt(pos, next, false);
    state.checkOperands(inst, pos, next, true);
    module[SECTIONS[section]].push(inst);
    // Only imports, types, constants and variables tell the tables anything (the names and
    // decorations, most of a -g module's globals, are skipped without a call).
    if (natural === GLOBALS_SECTION || opcode === Op.ExtInstImport) state.noteGlobal(inst, pos);
  }

  if (debugStart >= 0) module.setLazyDebug({ words, start: debugStart, end: debugEnd, materialize: (m) => debugSections(m, words, debugStart, debugEnd) });

  if (start < end) {
    // The structural scan of the function region now, so a bad word count or duplicate id fails here.
    state.scanStructure(start);
    const materialize = (): { functions: Function[]; trailing: Instruction[] } => state.decodeFunctions(start);
    if (options.lazyFunctions === false) {
      const { functions, trailing } = materialize();
      module.functions = functions;
      module.trailing = trailing;
    } else {
      module.setLazyFunctions({ words, start, end, materialize });
    }
  }
  return module;
}

/** Strings shorter than this many words are searched for their end in the check itself. */
const SHORT_STRING_WORDS = 16;

const DEBUG_STRINGS = SECTIONS.indexOf('debugStrings');
const DEBUG_NAMES = SECTIONS.indexOf('debugNames');
const DEBUG_MODULE_PROCESSED = SECTIONS.indexOf('debugModuleProcessed');

/** Builds the debug sections of `module` from words [start, end), checked by decodeModule, as its loop would have built them. */
function debugSections(module: Module, words: Uint32Array, start: number, end: number): void {
  let section = -1;
  for (let pos = start, next: number; pos < end; pos = next) {
    next = instructionEnd(words, pos);
    const opcode = words[pos] & 0xffff;
    const natural = naturalSection(opcode, (instructionShape[opcode] & SHAPE_KNOWN) !== 0);
    if (natural > section) section = natural;
    module[SECTIONS[section]].push(instructionAt(words, pos, next - pos));
  }
}

const K_ID = 0;
const K_WORD = 1;
const K_STRING = 2;
const K_TYPED_NUMBER = 3;
const Q_ONE = 0;
const Q_OPTIONAL = 1;
const Q_MANY = 2;

/** The operand kinds a check plan handles, and how. */
const CHECK_KINDS: Readonly<Partial<Record<string, number>>> = {
  IdRef: K_ID,
  IdScope: K_ID,
  IdMemorySemantics: K_ID,
  LiteralInteger: K_WORD,
  LiteralFloat: K_WORD,
  LiteralString: K_STRING,
  LiteralContextDependentNumber: K_TYPED_NUMBER,
};

/**
 * Per opcode, when every operand (result type and result id aside) is an id, a one-word literal,
 * a string or a number as wide as the result type: the operands in grammar order, each
 * `kind + 4 * quantifier`; null for the others (enumerants bring operands of their own, ...),
 * which the grammar walker checks. Made on an opcode's first instruction: a module uses a few
 * dozen of the grammar's ~750 opcodes, and making them all was ~0.5 MB of objects and a few ms
 * at the start of every command that decodes.
 */
const CHECK_PLANS: (Uint8Array | null | undefined)[] = [];

function checkPlan(opcode: number): Uint8Array | null {
  const plan = CHECK_PLANS[opcode];
  return plan !== undefined ? plan : (CHECK_PLANS[opcode] = makeCheckPlan(opcode));
}

function makeCheckPlan(opcode: number): Uint8Array | null {
  const operands = instructionOperands(opcode);
  if (operands === undefined) return null;
  const plan: number[] = [];
  for (const o of operands) {
    if (o.kind === 'IdResultType' || o.kind === 'IdResult') continue;
    const kind = CHECK_KINDS[o.kind];
    if (kind === undefined) return null;
    plan.push(kind + 4 * (o.quantifier === '' ? Q_ONE : o.quantifier === '?' ? Q_OPTIONAL : Q_MANY));
  }
  return Uint8Array.from(plan);
}

/** Per-decode bookkeeping: which ids are defined, their types, int/float widths, ext-inst sets. */
class DecodeState {
  private readonly defined: IdFlags;
  /** Widths, result types and ext-inst sets, learned as the words are decoded. */
  private readonly tables: OperandTables;
  private readonly typeDepths = new Map<number, number>();

  constructor(
    private readonly words: Uint32Array,
    private readonly bound: number,
    private readonly maxTypeNesting: number,
  ) {
    this.defined = createIdFlags(bound, words.length);
    this.tables = new OperandTables(bound, words.length);
  }

  /**
   * Builds the instruction at words [pos, end). Checks its result type id (non-zero, below the bound)
   * and its result id (the same, and defined once) unless `resultChecked`, when scanStructure has
   * already done so for the function region.
   */
  instructionAt(pos: number, end: number, resultChecked: boolean): Instruction {
    const inst = instructionAt(this.words, pos, end - pos);
    const shape = instructionShape[inst.opcode];
    if ((shape & SHAPE_TYPE) !== 0) this.checkId(pos, inst.opcode, inst.typeId, 'result type');
    if (!resultChecked && (shape & SHAPE_RESULT) !== 0) this.define(pos, inst.opcode, inst.resultId);
    return inst;
  }

  /** Fails unless `id` (the `what` id of the instruction at `pos`) is non-zero and below the bound. */
  private checkId(pos: number, opcode: number, id: number, what: string): void {
    if (id === 0) throw new SpirvError('ID_ZERO', `${placeOf(opcode, pos)} has ${what} id 0, which is never a valid id`, { offset: pos * 4 });
    if (id >= this.bound) throw this.outOfBound(pos, opcode, id, what);
  }

  private define(pos: number, opcode: number, id: number): void {
    this.checkId(pos, opcode, id, 'result');
    if (this.defined.has(id)) {
      throw new SpirvError('DUPLICATE_RESULT_ID', `${placeOf(opcode, pos)} defines result id %${id}, which is already defined`, {
        offset: pos * 4,
        hint: 'every result id must be defined exactly once in a module',
      });
    }
    this.defined.add(id);
  }

  /** Checks every id operand is below the bound and every string is terminated. */
  checkOperands(inst: Instruction, pos: number, end: number, strings: boolean): void {
    const plan = checkPlan(inst.opcode);
    if (plan !== null) this.checkPlanned(plan, inst.opcode, inst.typeId, end - inst.operandCount, pos, end, strings);
    else this.checkWalked(inst, pos, end, strings);
  }

  /**
   * What {@link instructionAt} and {@link checkOperands} (with strings) check, for the instruction
   * at words [pos, end), without building it (unless the grammar walker must see it).
   */
  checkWords(pos: number, end: number, opcode: number): void {
    const words = this.words;
    const shape = instructionShape[opcode];
    let at = pos + 1;
    const typeId = (shape & SHAPE_TYPE) !== 0 ? words[at++] : 0;
    if ((shape & SHAPE_TYPE) !== 0) this.checkId(pos, opcode, typeId, 'result type');
    if ((shape & SHAPE_RESULT) !== 0) this.define(pos, opcode, words[at++]);
    const plan = checkPlan(opcode);
    if (plan !== null) this.checkPlanned(plan, opcode, typeId, at, pos, end, true);
    else this.checkWalked(instructionAt(words, pos, end - pos), pos, end, true);
  }

  /**
   * {@link checkOperands} through the grammar walker. A method of its own: the variables its
   * callback captures are allocated when the method starts, which for checkOperands was at
   * every instruction, walked or not.
   */
  private checkWalked(inst: Instruction, pos: number, end: number, strings: boolean): void {
    const bound = this.bound;
    let bad = -1;
    const problem = walkOperands(inst, this.tables, (kind, start) => {
      if (bad < 0 && (kind === 'IdRef' || kind === 'IdScope' || kind === 'IdMemorySemantics') && inst.word(start) >= bound) bad = start;
    });
    if (bad >= 0) throw this.outOfBound(pos, inst.opcode, inst.word(bad), 'operand', (end - inst.operandCount + bad) * 4);
    if (strings && problem?.kind === 'unterminated-string') throw this.unterminatedString(pos, inst.opcode);
  }

  /**
   * {@link checkOperands} for an instruction whose operands are all ids, one-word literals,
   * strings and OpConstant-style numbers (see CHECK_PLANS): the walk the grammar walker makes
   * for them, with the same result, over the words themselves. The walker allocates and calls
   * back per operand, which costs more than the rest of decoding the instructions before the
   * functions.
   */
  private checkPlanned(plan: Uint8Array, opcode: number, typeId: number, operandStart: number, pos: number, end: number, strings: boolean): void {
    const words = this.words;
    const bound = this.bound;
    let p = operandStart;
    for (let i = 0; i < plan.length; i++) {
      const code = plan[i];
      const quantifier = code >>> 2;
      if (p >= end) {
        if (quantifier === Q_ONE) return; // a missing operand ends the walk: no more ids to check
        continue;
      }
      do {
        const kind = code & 3;
        if (kind === K_ID) {
          const id = words[p];
          if (id >= bound) throw this.outOfBound(pos, opcode, id, 'operand', p * 4);
          p++;
        } else if (kind === K_WORD) p++;
        else if (kind === K_STRING) {
          // A string that is the last operand (OpSource's text, a name) is terminated if the
          // instruction's last word has a zero byte, wherever the first one is: nothing after it
          // is checked. Megabytes of source text are not searched.
          if (i === plan.length - 1 && quantifier !== Q_MANY && hasZeroByte(words[end - 1])) return;
          // A short string (a name) is searched here, without a call per name; a long one
          // (OpSource) by terminatorWord's native byte search: searched here, it would have the
          // engine compile this method in the middle of it, before the code after it ever ran.
          let q = p;
          if (end - p < SHORT_STRING_WORDS) {
            while (q < end && !hasZeroByte(words[q])) q++;
          } else q = terminatorWord(words, p, end);
          if (q === end) {
            // The walker stops at an unterminated string.
            if (strings) throw this.unterminatedString(pos, opcode);
            return;
          }
          p = q + 1;
        } else {
          // A number as wide as the result type (OpConstant, OpSpecConstant).
          const width = this.tables.typeWidth(typeId);
          const count = width > 32 ? Math.ceil(width / 32) : width > 0 ? 1 : end - p;
          if (p + count > end) return; // missing: the walk ends
          p += count;
        }
      } while (quantifier === Q_MANY && p < end);
    }
    // Words left over are not operands: the walker reports them without checking them.
  }

  private unterminatedString(pos: number, opcode: number): SpirvError {
    return new SpirvError('UNTERMINATED_STRING', `${placeOf(opcode, pos)}: a literal string has no terminating nul byte before the end of the instruction`, {
      offset: pos * 4,
      hint: 'the word count is probably too small, or the string was not nul-terminated',
    });
  }

  noteGlobal(inst: Instruction, pos: number): void {
    switch (inst.opcode) {
      case Op.TypeVector:
      case Op.TypeMatrix:
      case Op.TypeArray:
      case Op.TypeRuntimeArray:
        this.noteTypeDepth(inst, pos, 1);
        break;
      case Op.TypeStruct:
        this.noteTypeDepth(inst, pos, inst.operandCount);
        break;
      default:
        this.tables.note(inst);
    }
  }

  /** Records how deeply a composite type nests its first `members` operands, failing past the limit. */
  private noteTypeDepth(inst: Instruction, pos: number, members: number): void {
    let depth = 0;
    for (let i = 0; i < members; i++) depth = Math.max(depth, this.typeDepths.get(inst.word(i)) ?? 0);
    depth++;
    if (depth > this.maxTypeNesting) {
      throw new SpirvError(
        'TYPE_NESTING_TOO_DEEP',
        `${placeOf(inst.opcode, pos)} (%${inst.resultId}) nests composite types ${depth} deep, more than the limit of ${this.maxTypeNesting}`,
        { offset: pos * 4, hint: 'raise the maxTypeNesting option if this module is meant to nest that deeply' },
      );
    }
    this.typeDepths.set(inst.resultId, depth);
  }

  /** Word counts and result ids over the function region (from `start` to the end), without building instructions. */
  scanStructure(start: number): void {
    // The tightest loop of a decode: the step and the definition are written out here (calls to
    // instructionEnd and define cost more than the rest of the loop); anything amiss goes to them
    // for the error.
    const words = this.words;
    const n = words.length;
    const bound = this.bound;
    const bits = this.defined.bits;
    for (let pos = start; pos < n;) {
      const first = words[pos];
      const end = pos + (first >>> 16);
      const opcode = first & 0xffff;
      const shape = instructionShape[opcode];
      if (end < pos + 1 + ((shape >>> 1) & 1) + ((shape >>> 2) & 1) || end > n) instructionEnd(words, pos);
      if ((shape & SHAPE_RESULT) !== 0) {
        const id = words[(shape & SHAPE_TYPE) !== 0 ? pos + 2 : pos + 1];
        if (bits === undefined || id === 0 || id >= bound || (bits[id >>> 3] & (1 << (id & 7))) !== 0) this.define(pos, opcode, id);
        else bits[id >>> 3] |= 1 << (id & 7);
      }
      pos = end;
    }
  }

  /** Builds the functions of the region from `start` to the end. Result ids were already checked by scanStructure. */
  decodeFunctions(start: number): { functions: Function[]; trailing: Instruction[] } {
    const functions: Function[] = [];
    // Instructions outside any function; those after the last one are the module's trailing ones.
    let pending: Instruction[] = [];
    let fnDef: Instruction | null = null;
    let preamble: Instruction[] = [];
    let leading: Instruction[] = [];
    let blocks: Block[] = [];
    let block: Block | null = null;
    const tables = this.tables;
    const words = this.words;
    for (let pos = start, end: number; pos < words.length; pos = end) {
      end = instructionEnd(words, pos);
      const opcode = words[pos] & 0xffff;
      const inst = this.instructionAt(pos, end, true);
      this.checkOperands(inst, pos, end, false);
      if (inst.typeId !== 0) tables.noteType(inst.resultId, inst.typeId);
      if (opcode === Op.Function) {
        if (fnDef !== null) throw this.layout(pos, 'OpFunction inside a function: the previous function has no OpFunctionEnd');
        fnDef = inst;
        leading = pending;
        pending = [];
        preamble = [];
        blocks = [];
        block = null;
      } else if (opcode === Op.FunctionEnd) {
        if (fnDef === null) throw this.layout(pos, 'OpFunctionEnd outside a function');
        const fn = new Function(fnDef, preamble, blocks, inst);
        fn.leading = leading;
        functions.push(fn);
        fnDef = null;
      } else if (fnDef === null) {
        pending.push(inst);
      } else if (opcode === Op.Label) {
        block = new Block(inst);
        blocks.push(block);
      } else if (block === null) {
        preamble.push(inst);
      } else {
        block.instructions.push(inst);
      }
    }
    if (fnDef !== null) throw this.layout(this.words.length, `the function %${fnDef.resultId} has no OpFunctionEnd before the end of the module`);
    return { functions, trailing: pending };
  }

  private layout(pos: number, message: string): SpirvError {
    return new SpirvError('BAD_FUNCTION_LAYOUT', `${message} (at ${formatOffset(pos * 4)})`, { offset: pos * 4 });
  }

  private outOfBound(pos: number, opcode: number, id: number, what: string, offset = pos * 4): SpirvError {
    return new SpirvError('ID_OUT_OF_BOUND', `${placeOf(opcode, pos)} uses ${what} id %${id}, which is not below the module's id bound ${this.bound}`, {
      offset,
      hint: 'the module is corrupt, or the header bound is wrong',
    });
  }
}

/** The bytes of `words`, as they lie in memory. */
function bytesOf(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}
