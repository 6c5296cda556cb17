import { Op, SHAPE_RESULT, SHAPE_TYPE, instructionShape, isTypeDeclaration, knownOpcodes } from '../../grammar/index.js';
import { AssemblerGrammar, type ExtInstSetEntry, type OpcodeEntry } from './AssemblerGrammar.js';
import { isAvailable, versionName } from './availability.js';
import type { DiagnosticList } from './DiagnosticList.js';
import type { InstructionRegion } from './InstructionRegion.js';
import type { EnumTable } from './EnumTable.js';
import type { IdTable } from './IdTable.js';
import { CH_BANG, CH_EQUALS, CH_PERCENT, CH_QUOTE, type Lexer } from './Lexer.js';
import { LiteralError, asciiText } from './LiteralError.js';
import { didYouMean, nearestNames } from './nearestNames.js';
import {
  CIV,
  OPERAND_BIT_ENUM,
  OPERAND_CIV,
  OPERAND_EXT_INST,
  OPERAND_ID,
  OPERAND_LITERAL_FLOAT,
  OPERAND_LITERAL_INTEGER,
  OPERAND_LITERAL_STRING,
  OPERAND_RESULT_ID,
  OPERAND_SPEC_CONSTANT_OP,
  OPERAND_TYPED_NUMBER,
  OPERAND_TYPE_ID,
  OPERAND_VALUE_ENUM,
  OPERAND_VARIABLE,
  RESULT_ID,
  VARIABLE_ID,
  type OperandType,
} from './OperandType.js';
import { encodeFloat } from './parseFloat.js';
import { encodeInteger, parseUint32 } from './parseInteger.js';
import { encodeString, looksNumeric } from './parseString.js';
import type { SourceText } from './SourceText.js';

/**
 * Thrown (and caught by {@link InstructionParser.parseAll}) once an instruction's error is
 * recorded. One instance, made once: an Error captures a stack trace when it is made, and a text
 * with thousands of errors would pay for one each (the fuzz suite's allocation limit caught it).
 */
class Abort extends Error {}
const ABORT = new Abort('instruction aborted: its error is recorded');

/** Numeric scalar types, as spirv-as records them for literals (`IdType`). */
const TYPE_INT = 1;
const TYPE_FLOAT = 2;
const TYPE_OTHER = 3;
const typeInfo = (cls: number, width: number, signed: boolean): number => cls | (signed ? 4 : 0) | (width << 8);

/** Opcodes whose result is a type (spirv-as `spvOpcodeGeneratesType`): recorded for literal widths. */
const GENERATES_TYPE = new Uint8Array(65536);
for (const op of knownOpcodes()) if (isTypeDeclaration(op) && (instructionShape[op] & SHAPE_RESULT) !== 0) GENERATES_TYPE[op] = 1;

const OP_EXT_INST_WITH_FORWARD_REFS = 4433; // OpExtInstWithForwardRefsKHR
const DENSE_IDS = 1 << 22;

/**
 * Reads instructions in spirv-as syntax and encodes them as spirv-as does, operand by operand
 * through the grammar (SPIRV-Tools `spvTextEncodeInstruction` with its pattern stack), so
 * optional operands, operands brought by enumerants (`Aligned 4`, `LocalSize 1 1 1`), OpExtInst
 * and OpSpecConstantOp operands, `!<integer>` words and literal widths behave as in spirv-as.
 *
 * Errors are recorded in the {@link DiagnosticList}; the parser then skips to the next
 * instruction and goes on, so one run reports every error of the text.
 */
export class InstructionParser {
  // Members used only on error paths (messages, hints, recovery) are #private: a minifier shortens
  // their names, which `private` ones keep (issue 13, browser weight). The members parsing reads
  // for every instruction stay `private`: as #private fields they made assembling slower on Node 20.
  private readonly lx: Lexer;
  private readonly bytes: Uint8Array;
  private readonly grammar = AssemblerGrammar.get();
  /** The expected operands, last read first (spirv-as's pattern stack); `sp` is its height. */
  private stack: OperandType[] = new Array<OperandType>(64).fill(CIV);
  private sp = 0;

  // The instruction being read.
  private w = new Uint32Array(256);
  private n = 0;
  private opcode = 0;
  private entry: OpcodeEntry | undefined;
  #resultTypeId = 0;
  #typeStart = 0;
  #typeEnd = 0;
  #extSet: ExtInstSetEntry | undefined;
  private resultStart = -1;
  #resultEnd = -1;
  #resultHash = 0;
  /** Set with the error that aborts an instruction: when >= 0, recovery resumes on the line after this offset. */
  #resumeLineOf = -1;
  #resultHashed = false;
  #headParsed = false;
  private instStart = 0;
  #instLine = 0;
  #instLineStart = 0;
  private lastEnd = 0;
  /** Line of {@link lastEnd}. */
  private lastLine = 0;
  #lastEnums: EnumTable | undefined;
  #lastEnumsStart = 0;
  #lastEnumsEnd = 0;
  /** For `!` instructions: the name index of each word that was an `%id`, else -1. */
  #wordIds = new Int32Array(256);

  // The previous complete instruction, for "unexpected word after ..." messages.
  #prevOpname = '';
  #prevLine = -1;
  #prevEnums: EnumTable | undefined;
  #prevEnumsStart = 0;
  #prevEnumsEnd = 0;
  #suggestionBudget = 100;

  // What the text has defined so far.
  readonly #types = new Map<number, number>();
  private valueTypes: Uint32Array;
  readonly #farValueTypes = new Map<number, number>();
  readonly #extSets = new Map<number, ExtInstSetEntry>();

  // Read on error paths only (see above).
  readonly #source: SourceText;
  readonly #diagnostics: DiagnosticList;
  readonly #envName: string;

  constructor(
    source: SourceText,
    lexer: Lexer,
    private readonly ids: IdTable,
    diagnostics: DiagnosticList,
    private readonly version: number,
    envName: string,
    private readonly region: InstructionRegion,
  ) {
    this.#source = source;
    this.#diagnostics = diagnostics;
    this.#envName = envName;
    this.lx = lexer;
    this.bytes = source.bytes;
    // Value types by id: ids are numbered from 1 in order, about one per 90 bytes of spirv-dis
    // text. Sized for that with room to spare, so a large text does not grow it while the engine
    // runs optimized code that has never seen it grow (a deoptimization).
    this.valueTypes = new Uint32Array(Math.min(DENSE_IDS, Math.max(1024, source.end >>> 6)));
  }

  /** Reads every instruction of the text. */
  parseAll(): void {
    const lx = this.lx;
    while (lx.skipBlank()) {
      try {
        this.#parseInstruction();
      } catch (e) {
        if (e !== ABORT) throw e;
        this.#recover();
      }
    }
  }

  // ------------------------------------------------------------------ instructions

  #parseInstruction(): void {
    const lx = this.lx;
    const b = this.bytes;
    const start = lx.pos;
    this.instStart = start;
    this.#instLine = lx.line;
    this.#instLineStart = lx.lineStart;
    this.n = 1;
    this.opcode = -1;
    this.#resultTypeId = 0;
    this.#extSet = undefined;
    this.resultStart = -1;
    this.#headParsed = false;
    this.#lastEnums = undefined;
    this.entry = undefined;
    if (b[start] === CH_BANG) {
      this.#parseRawInstruction(start);
      return;
    }
    // The hot path stays short: V8 optimizes a function after running bytecode in proportion to
    // its length, and this one runs once per instruction from the first.
    const opStart = lx.startsWithOp(start) ? start : this.#parseResultHead(start);
    let opEnd = lx.identEnd(opStart);
    const hashed = opEnd >= 0;
    if (!hashed) opEnd = lx.wordEnd(opStart);
    lx.take(opEnd);
    this.lastEnd = opEnd;
    this.lastLine = lx.line;
    this.#headParsed = true;
    const entry = hashed ? this.grammar.opcodeHashed(b, opStart, opEnd, lx.hash) : this.grammar.opcode(b, opStart, opEnd);
    if (entry === undefined || !isAvailable(entry.range, this.version) || entry.spec.hasResult !== this.resultStart >= 0) {
      this.#badOpcode(entry, opStart, opEnd);
    }
    this.entry = entry;
    this.opcode = entry.opcode;
    this.sp = 0;
    this.#pushAll(entry.pattern, entry.pattern.length);
    this.#parseOperands();
    this.#finishInstruction();
  }

  /** Reads `%name =` before an opcode, keeping the name as the result id's; returns where the opcode starts. */
  #parseResultHead(start: number): number {
    const lx = this.lx;
    const b = this.bytes;
    // The name's hash comes with finding its end, for the id lookup.
    let end = b[start] === CH_PERCENT ? lx.identEnd(start + 1) : -1;
    this.#resultHash = lx.hash;
    this.#resultHashed = end > start + 1;
    if (end < 0) end = lx.wordEnd(start);
    if (b[start] !== CH_PERCENT || (lx.line === this.#prevLine && !lx.equalsFollows(end))) this.#failHead(start, end);
    this.resultStart = start;
    this.#resultEnd = end;
    lx.take(end);
    if (!lx.skipBlank()) this.#fail(start, end, `expected '=' after ${this.#text(start, end)}, found the end of the text`);
    const eq = lx.pos;
    const eqEnd = lx.wordEnd(eq);
    if (eqEnd !== eq + 1 || b[eq] !== CH_EQUALS) this.#missingEquals(start, end, eq, eqEnd);
    else {
      lx.take(eqEnd);
      if (!lx.skipBlank()) this.#fail(eq, eqEnd, `expected an opcode after '${this.#text(start, end)} =', found the end of the text`);
    }
    const opStart = lx.pos;
    if (!lx.startsWithOp(opStart)) {
      const e = lx.wordEnd(opStart);
      this.#fail(
        opStart,
        e,
        `expected an opcode after '${this.#text(start, end)} =', found '${this.#text(opStart, e)}'`,
        'opcodes start with Op and a capital letter, e.g. OpLoad',
      );
    }
    return opStart;
  }

  /**
   * `%x` then something other than `=` at [eq, eqEnd). Before an opcode only the '=' is missing:
   * recorded, and the rest is read as if it were there; otherwise the instruction is abandoned.
   */
  #missingEquals(start: number, end: number, eq: number, eqEnd: number): void {
    const tok = this.#text(start, end);
    const message = `expected '=' after ${tok}, found '${this.#text(eq, eqEnd)}'`;
    const hint = `write '${tok} = OpName ...', with spaces around '='`;
    if (!this.lx.startsWithOp(eq)) this.#fail(eq, eqEnd, message, hint);
    this.#diagnostics.error(eq, eqEnd, message, hint);
  }

  /** The opcode at [opStart, opEnd) is unknown, not available in the target, or has a result id where it has none (or the reverse). */
  #badOpcode(entry: OpcodeEntry | undefined, opStart: number, opEnd: number): never {
    if (entry === undefined) {
      const name = this.#text(opStart, opEnd);
      this.#fail(opStart, opEnd, `unknown opcode '${name}'`, didYouMean(this.#nearest(name, this.grammar.opcodeNamesList())));
    }
    const spec = entry.spec;
    if (!isAvailable(entry.range, this.version)) {
      this.#fail(
        opStart,
        opEnd,
        `${spec.opname} is not available in ${versionName(this.version)} (target environment ${this.#envName})`,
        `it needs ${versionName(entry.range.minVersion)} or an extension; choose a newer target environment`,
      );
    }
    if (spec.hasResult && this.resultStart < 0) {
      this.#fail(opStart, opEnd, `${spec.opname} produces a result id, but none is given`, `write '%name = ${spec.opname} ...'`);
    }
    const tok = this.#text(this.resultStart, this.#resultEnd);
    this.#fail(this.resultStart, this.#resultEnd, `${spec.opname} does not produce a result id, so ${tok} cannot be set`, `remove '${tok} ='`);
  }

  /** spirv-as's operand loop: pop an expected operand, read a word for it, repeat. */
  #parseOperands(): void {
    const lx = this.lx;
    const b = this.bytes;
    while (this.sp > 0) {
      const t = this.stack[--this.sp];
      const code = t.code;
      if (code === OPERAND_VARIABLE) {
        this.sp++;
        this.#pushAll(t.expansion!, t.expansion!.length);
        continue;
      }
      if (code === OPERAND_RESULT_ID && this.resultStart >= 0) {
        this.#encodeResultId();
        continue;
      }
      if (!lx.skipBlank()) {
        if (t.optional) return;
        this.#missingOperand(t, true);
      }
      const s = lx.pos;
      const c = b[s];
      let e: number;
      if (c === CH_PERCENT && (e = lx.identEnd(s + 1)) > s + 1) {
        // An id: found, checked and hashed in one pass. Most operands are ids.
        if (lx.equalsFollows(e)) {
          if (t.optional) return;
          this.#missingOperand(t, false);
        }
        if (code === OPERAND_ID || code === OPERAND_TYPE_ID) {
          this.#encodeId(t, s, e, this.ids.lookupHashed(b, s + 1, e, lx.hash));
          lx.take(e);
          this.lastEnd = e;
          this.lastLine = lx.line;
          continue;
        }
      } else {
        e = lx.wordEnd(s);
        if (lx.startsInstruction(s, e)) {
          if (t.optional) return;
          this.#missingOperand(t, false);
        }
      }
      if (c === CH_BANG) {
        this.#encodeImmediate(s, e);
        this.#useAlternatePattern();
      } else {
        this.#encodeOperand(t, s, e);
      }
      lx.take(e);
      this.lastEnd = e;
      this.lastLine = lx.line;
    }
  }

  #encodeOperand(t: OperandType, s: number, e: number): void {
    const b = this.bytes;
    switch (t.code) {
      case OPERAND_ID:
      case OPERAND_TYPE_ID: {
        if (b[s] !== CH_PERCENT) {
          this.#fail(s, e, `expected an id (%name) for ${this.#describe(t)}, found '${this.#text(s, e)}'`, this.#kindHint(t));
        }
        this.#encodeId(t, s, e, this.ids.lookup(b, s + 1, e));
        return;
      }
      case OPERAND_LITERAL_INTEGER:
        this.#check(encodeInteger(b, s, e, 32, false, this.#room(2), this.n), s, e, t);
        return;
      case OPERAND_LITERAL_FLOAT:
        this.#check(encodeFloat(b, s, e, 32, this.#room(2), this.n), s, e, t);
        return;
      case OPERAND_TYPED_NUMBER:
        this.#encodeTypedNumber(t, s, e);
        return;
      case OPERAND_LITERAL_STRING:
        this.#encodeStringOperand(t, s, e);
        return;
      case OPERAND_VALUE_ENUM:
        this.#encodeValueEnum(t, s, e);
        return;
      case OPERAND_BIT_ENUM:
        this.#encodeBitEnum(t, s, e);
        return;
      case OPERAND_EXT_INST:
        this.#encodeExtInst(s, e);
        return;
      case OPERAND_SPEC_CONSTANT_OP:
        this.#encodeSpecConstantOp(s, e);
        return;
      case OPERAND_CIV:
        this.#encodeCiv(s, e);
        if (this.sp === 0) this.#push(CIV);
        return;
      case OPERAND_RESULT_ID:
        // Only reached when the opcode has a result but the text gave none (reported before).
        this.#fail(s, e, `unexpected result id position`);
    }
  }

  #finishInstruction(): void {
    const n = this.n;
    const w = this.w;
    const opcode = this.opcode;
    const entry = this.entry!;
    if (n > 0xffff) {
      this.#fail(
        this.instStart,
        this.lastEnd,
        `${entry.spec.opname} has ${n} words; an instruction holds at most 65535`,
        'split it up (long text: with OpSourceContinued)',
      );
    }
    w[0] = ((n << 16) | opcode) >>> 0;
    if (GENERATES_TYPE[opcode] === 1) this.#recordType(n);
    else if (entry.spec.hasResultType && n >= 3) this.#setValueType(w[2], w[1]);
    const shape = instructionShape[opcode];
    let at = 1;
    const typeId = (shape & SHAPE_TYPE) !== 0 ? w[at++] : 0;
    const resultId = (shape & SHAPE_RESULT) !== 0 ? w[at] : 0;
    if (((shape & SHAPE_TYPE) !== 0 && typeId === 0) || ((shape & SHAPE_RESULT) !== 0 && resultId === 0)) this.#zeroId();
    this.region.add(w, 0, n, this.instStart, this.lastEnd, this.#instLine, this.#instLineStart);
    this.#prevOpname = entry.spec.opname;
    this.#prevLine = this.lastLine;
    this.#prevEnums = this.#lastEnums;
    this.#prevEnumsStart = this.#lastEnumsStart;
    this.#prevEnumsEnd = this.#lastEnumsEnd;
  }

  #recordType(n: number): void {
    const w = this.w;
    const opcode = this.opcode;
    let info = typeInfo(TYPE_OTHER, 0, false);
    if (opcode === Op.TypeInt) {
      if (n !== 4) this.#fail(this.instStart, this.lastEnd, 'OpTypeInt takes a width and a signedness');
      info = typeInfo(TYPE_INT, w[2], w[3] !== 0);
    } else if (opcode === Op.TypeFloat) {
      // With a floating-point encoding (OpTypeFloat 16 BFloat16KHR) the bits are not IEEE: no literals.
      if (n === 3) info = typeInfo(TYPE_FLOAT, w[2], false);
      else if (n !== 4) this.#fail(this.instStart, this.lastEnd, 'OpTypeFloat takes a width and an optional encoding');
    }
    this.#types.set(w[1], info);
  }

  // ------------------------------------------------------------------ `!<integer>` instructions

  /**
   * An instruction that starts with `!<integer>`: its words are taken as written (the first word
   * is used as is, word count included), the rest are numbers, strings or ids, up to the next
   * opcode or `%id =`. The words may hold several instructions; each must be whole.
   */
  #parseRawInstruction(start: number): void {
    const lx = this.lx;
    const b = this.bytes;
    this.n = 0;
    let e = lx.wordEnd(start);
    this.#encodeImmediate(start, e);
    this.#wordIds[0] = -1;
    lx.take(e);
    this.lastEnd = e;
    this.lastLine = lx.line;
    while (lx.skipBlank()) {
      const s = lx.pos;
      e = lx.wordEnd(s);
      if (lx.startsInstruction(s, e)) break;
      if (e === s + 1 && b[s] === CH_EQUALS) {
        this.#fail(s, e, `'=' cannot follow words given with !<integer>`, 'write a result id before the opcode: %x = OpName ...');
      }
      const before = this.n;
      if (b[s] === CH_BANG) this.#encodeImmediate(s, e);
      else this.#encodeCiv(s, e);
      this.#wordIds.fill(-1, before, this.n);
      if (this.n === before + 1 && b[s] === CH_PERCENT) this.#wordIds[before] = this.ids.lookup(b, s + 1, e);
      lx.take(e);
      this.lastEnd = e;
      this.lastLine = lx.line;
    }
    const w = this.w;
    const n = this.n;
    let i = 0;
    while (i < n) {
      const first = w[i];
      const wc = first >>> 16;
      const opcode = first & 0xffff;
      if (wc === 0 || i + wc > n) {
        this.#fail(
          this.instStart,
          this.lastEnd,
          `the !<integer> words do not form whole instructions: word ${i + 1} (0x${first.toString(16).padStart(8, '0')}) declares ${wc} words, but ${n - i} are left`,
          "an instruction's first word holds its word count in the high 16 bits",
        );
      }
      const shape = instructionShape[opcode];
      let at = i + 1;
      let typeId = 0;
      let resultId = 0;
      if ((shape & SHAPE_TYPE) !== 0 && at < i + wc) typeId = w[at++]!;
      if ((shape & SHAPE_RESULT) !== 0 && at < i + wc) {
        const index = this.#wordIds[at];
        if (index >= 0) this.#define(index, start, this.lastEnd);
        resultId = w[at]!;
      }
      if (((shape & SHAPE_TYPE) !== 0 && typeId === 0) || ((shape & SHAPE_RESULT) !== 0 && resultId === 0)) this.#zeroId();
      this.region.add(w, i, i + wc, start, this.lastEnd, this.#instLine, this.#instLineStart);
      i += wc;
    }
    this.#prevOpname = '!<integer> words';
    this.#prevLine = this.lastLine;
    this.#prevEnums = undefined;
  }

  // ------------------------------------------------------------------ operands

  #encodeId(t: OperandType, s: number, e: number, index: number): void {
    if (index < 0) this.#badId(s, e);
    this.ids.use(index, s);
    const id = this.ids.id(index);
    if (t.code === OPERAND_TYPE_ID) {
      this.#resultTypeId = id;
      this.#typeStart = s;
      this.#typeEnd = e;
    }
    this.#emitId(id, s, e);
  }

  #encodeResultId(): void {
    const s = this.resultStart;
    const e = this.#resultEnd;
    const index = this.#resultHashed ? this.ids.lookupHashed(this.bytes, s + 1, e, this.#resultHash) : this.ids.lookup(this.bytes, s + 1, e);
    if (index < 0) this.#badId(s, e);
    this.#define(index, s, e);
    this.#emitId(this.ids.id(index), s, e);
  }

  #define(index: number, s: number, e: number): void {
    const before = this.ids.define(index, s);
    if (before >= 0 && before !== s) {
      this.#diagnostics.error(s, e, `%${this.ids.name(index)} is defined twice`, `it was first defined at ${this.#diagnostics.where(before)}`);
    }
  }

  #emitId(id: number, s: number, e: number): void {
    this.#room(1)[this.n++] = id;
    // The set of an OpExtInst (its fourth word) decides how its instruction operand reads.
    if (this.n === 4 && (this.opcode === Op.ExtInst || this.opcode === OP_EXT_INST_WITH_FORWARD_REFS)) {
      const set = this.#extSets.get(id);
      if (set === undefined) {
        this.#fail(s, e, `${this.#text(s, e)} is not a set imported with OpExtInstImport`, 'import the set first: %glsl = OpExtInstImport "GLSL.std.450"');
      }
      this.#extSet = set;
    }
  }

  #encodeImmediate(s: number, e: number): void {
    const v = parseUint32(asciiText(this.bytes, s + 1, e));
    if (v === undefined) {
      this.#fail(s, e, `invalid immediate word '${this.#text(s, e)}'`, 'one 32-bit word: !42, !0x1F or !017');
    }
    this.#room(1)[this.n++] = v;
  }

  /** After an `!<integer>` operand, the rest of the instruction is read as numbers, strings or ids (spirv-as `spvAlternatePatternFollowingImmediate`). */
  #useAlternatePattern(): void {
    const stack = this.stack;
    let depth = -1;
    for (let i = this.sp - 1; i >= 0; i--) {
      if (stack[i].code === OPERAND_RESULT_ID) {
        depth = this.sp - 1 - i;
        break;
      }
    }
    this.sp = 0;
    this.#push(CIV);
    if (depth < 0) return;
    this.#push(RESULT_ID);
    for (let i = 0; i < depth; i++) this.#push(CIV);
  }

  /** A word after `!<integer>`: a 32-bit number, else a string, else an id. */
  #encodeCiv(s: number, e: number): void {
    const b = this.bytes;
    const r = this.#encodeUntypedNumber(s, e);
    if (typeof r === 'number') {
      this.n += r;
      return;
    }
    if (b[s] === CH_QUOTE && !looksNumeric(b, s, e)) {
      this.#encodeStringOperand(CIV, s, e);
      return;
    }
    if (b[s] === CH_PERCENT) {
      const index = this.ids.lookup(b, s + 1, e);
      if (index < 0) this.#badId(s, e);
      this.ids.use(index, s);
      this.#emitId(this.ids.id(index), s, e);
      return;
    }
    this.#fail(s, e, `invalid word after !<integer>: '${this.#text(s, e)}'`, 'after !<integer>: numbers, "strings" or %ids');
  }

  /** A 32-bit number whose kind comes from its text: a float if it has a point, signed if it has a minus sign. */
  #encodeUntypedNumber(s: number, e: number): number | LiteralError {
    const b = this.bytes;
    let dot = false;
    for (let i = s; i < e; i++) {
      if (b[i] === 0x2e) {
        dot = true;
        break;
      }
    }
    const out = this.#room(2);
    if (dot) return encodeFloat(b, s, e, 32, out, this.n);
    return encodeInteger(b, s, e, 32, b[s] === 0x2d, out, this.n);
  }

  #encodeTypedNumber(t: OperandType, s: number, e: number): void {
    const b = this.bytes;
    let info: number | undefined;
    let isConstant = false;
    if (this.opcode === Op.Constant || this.opcode === Op.SpecConstant) {
      info = this.#types.get(this.#resultTypeId);
      isConstant = true;
      if (info === undefined || (info & 3) === TYPE_OTHER) {
        this.#fail(
          s,
          e,
          `the type of ${this.entry!.spec.opname} must be an integer or float scalar type defined before it`,
          info === undefined
            ? `${this.#text(this.#typeStart, this.#typeEnd)} is not a type defined earlier in the text`
            : `${this.#text(this.#typeStart, this.#typeEnd)} is not an OpTypeInt or OpTypeFloat`,
        );
      }
    } else if (this.opcode === Op.Switch) {
      info = this.#types.get(this.#valueTypeOf(this.w[1]));
      if (info === undefined || (info & 3) !== TYPE_INT) {
        this.#fail(s, e, 'OpSwitch selects on an integer value defined before it', "case literals are as wide as the selector's type");
      }
    } else {
      this.#check(this.#encodeUntypedNumber(s, e), s, e, t);
      return;
    }
    const width = info >>> 8;
    const out = this.#room(3);
    const r = (info & 3) === TYPE_FLOAT ? encodeFloat(b, s, e, width, out, this.n) : encodeInteger(b, s, e, width, (info & 4) !== 0, out, this.n);
    if (typeof r !== 'number') {
      this.#fail(s, e, `${r.message} (${isConstant ? `the result type ${this.#text(this.#typeStart, this.#typeEnd)}` : "the selector's type"})`, r.hint);
    }
    this.n += r;
  }

  /** Warns of a C escape in a string (`\\n` is the letter n to spirv-as). One function for all strings, not a closure per string. */
  readonly #onCEscape = (p: number): void => {
    this.#diagnostics.warning(
      p,
      p + 2,
      `'${this.#text(p, p + 2)}' is the letter '${String.fromCharCode(this.bytes[p + 1])}' here: in spirv-as strings a backslash keeps the next character as it is`,
      'write \\\\ for a backslash, line breaks as they are',
    );
  };

  #encodeStringOperand(t: OperandType, s: number, e: number): void {
    const b = this.bytes;
    if (looksNumeric(b, s, e)) {
      this.#fail(
        s,
        e,
        `expected a string for ${this.#describe(t)}, found the number ${this.#text(s, e)}`,
        `write strings in double quotes: "${this.#text(s, e)}"`,
      );
    }
    if (e === this.lx.end && this.lx.unclosedQuote(s, e) >= 0) this.#unterminatedString(s);
    const at = this.n;
    // Long strings (OpSource) are not searched for backslashes again: the lexer knows where the next one is.
    const r = encodeString(b, s, e, this.#room(((e - s) >>> 2) + 2), at, this.#onCEscape, e - s >= 66 ? this.lx.backslashFrom(s) : undefined);
    if (typeof r !== 'number') this.#fail(s, e, r.message, r.hint);
    this.n += r;
    if (this.opcode === Op.ExtInstImport && at === 2) {
      const name = this.#stringAt(at, r);
      const set = this.grammar.extInstSet(name);
      if (set === undefined) {
        this.#fail(
          s,
          e,
          `unknown extended instruction set '${name}'`,
          didYouMean(this.#nearest(name, this.grammar.extInstSetNames())) ?? `known sets: ${this.grammar.extInstSetNames().join(', ')}; and any NonSemantic.*`,
        );
      }
      this.#extSets.set(this.w[1], set);
    }
  }

  #encodeValueEnum(t: OperandType, s: number, e: number): void {
    const table = t.enums!;
    const entry = table.byName(this.bytes, s, e);
    if (entry === undefined) {
      const v = this.#numericValue(s, e);
      if (v === undefined) this.#unknownEnumerant(table, s, e);
      this.#room(1)[this.n++] = v;
      const known = table.value(v);
      if (known !== undefined) this.#pushParams(table, known);
      return;
    }
    if (!isAvailable(entry.range, this.version)) this.#unavailableEnumerant(table, entry.spec.name, entry.range.minVersion, s, e);
    this.#room(1)[this.n++] = entry.spec.value;
    if (entry.spec.parameters.length !== 0) this.#pushParams(table, entry);
  }

  #encodeBitEnum(t: OperandType, s: number, e: number): void {
    const table = t.enums!;
    const b = this.bytes;
    let value = 0;
    let p = s;
    for (;;) {
      let q = p;
      while (q < e && b[q] !== 0x7c) q++;
      if (q === p) {
        this.#fail(
          s,
          e,
          `empty ${table.kind} flag in '${this.#text(s, e)}'`,
          `join flags with a single '|' and no spaces: ${table.primaryNames().slice(1, 3).join('|')}`,
        );
      }
      const entry = table.byName(b, p, q);
      if (entry !== undefined) {
        if (!isAvailable(entry.range, this.version)) this.#unavailableEnumerant(table, entry.spec.name, entry.range.minVersion, p, q);
        value |= entry.spec.value;
      } else {
        const v = this.#numericValue(p, q);
        if (v === undefined) this.#unknownEnumerant(table, p, q);
        value |= v;
      }
      if (q === e) break;
      p = q + 1;
    }
    value >>>= 0;
    this.#room(1)[this.n++] = value;
    this.#lastEnums = table;
    this.#lastEnumsStart = s;
    this.#lastEnumsEnd = e;
    // Operands of the set bits follow in order of increasing bit: push the highest first.
    for (let bit = 31; bit >= 0; bit--) {
      const mask = (1 << bit) >>> 0;
      if ((value & mask) === 0) continue;
      const entry = table.value(mask);
      if (entry !== undefined && entry.spec.parameters.length !== 0) this.#pushParams(table, entry);
    }
  }

  #pushParams(table: EnumTable, entry: Parameters<EnumTable['paramsOf']>[0]): void {
    const params = table.paramsOf(entry);
    this.#pushAll(params, params.length);
  }

  #encodeExtInst(s: number, e: number): void {
    const set = this.#extSet;
    const b = this.bytes;
    if (set === undefined) this.#fail(s, e, `no extended instruction set to look '${this.#text(s, e)}' up in`);
    const i = set.names.get(b, s, e);
    if (i >= 0) {
      const inst = set.instructions[i];
      this.#room(1)[this.n++] = inst.spec.opcode;
      this.#pushAll(inst.pattern, inst.pattern.length);
      return;
    }
    const number = this.#numericValue(s, e);
    const setName = set.spec?.name ?? 'this non-semantic set';
    if (number === undefined) {
      const names = set.instructions.map((x) => x.spec.opname);
      this.#fail(
        s,
        e,
        `unknown instruction '${this.#text(s, e)}' in ${setName}`,
        didYouMean(this.#nearest(this.#text(s, e), names)) ??
          (names.length === 0 ? 'spvkit does not know this set: give its instructions by number' : undefined),
      );
    }
    this.#room(1)[this.n++] = number;
    // spirv-as reads a non-semantic instruction given by number as a list of ids.
    if (set.nonSemantic) {
      this.#push(VARIABLE_ID);
      return;
    }
    const known = set.byNumber.get(number);
    if (known === undefined) this.#fail(s, e, `${setName} has no instruction number ${number}`);
    this.#pushAll(known.pattern, known.pattern.length);
  }

  #encodeSpecConstantOp(s: number, e: number): void {
    const entry = this.grammar.specConstantOpcode(this.bytes, s, e);
    if (entry === undefined) {
      const name = this.#text(s, e);
      const list = this.grammar.specConstantOpcodeNames();
      const base = name.startsWith('Op') ? name.slice(2) : name;
      this.#fail(
        s,
        e,
        `'${name}' is not an operation OpSpecConstantOp accepts`,
        list.includes(base) ? `write the opcode without Op: ${base}` : (didYouMean(this.#nearest(name, list)) ?? `accepted: ${list.join(', ')}`),
      );
    }
    this.#room(1)[this.n++] = entry.opcode;
    const tail = entry.pattern;
    // The opcode's own result type and result id are OpSpecConstantOp's: skip them (the bottom two).
    this.#pushAll(tail, tail.length - 2);
  }

  // ------------------------------------------------------------------ helpers

  #push(t: OperandType): void {
    if (this.sp === this.stack.length) this.stack.push(t);
    else this.stack[this.sp] = t;
    this.sp++;
  }

  /** Pushes `list[0, count)` in order (lists are kept in push order). */
  #pushAll(list: readonly OperandType[], count: number): void {
    while (this.sp + count > this.stack.length) this.stack.push(CIV);
    const stack = this.stack;
    let sp = this.sp;
    for (let i = 0; i < count; i++) stack[sp++] = list[i]!;
    this.sp = sp;
  }

  /** A word read as a number where spirv-as wants a name (a spvkit extension: `Volatile|0x10`, `OpExtInst ... 31`). */
  #numericValue(s: number, e: number): number | undefined {
    const c = this.bytes[s];
    if (c < 0x30 || c > 0x39) return undefined;
    return parseUint32(asciiText(this.bytes, s, e));
  }

  #setValueType(id: number, type: number): void {
    if (id < DENSE_IDS) {
      if (id >= this.valueTypes.length) {
        let size = this.valueTypes.length * 2;
        while (size <= id) size *= 2;
        const grown = new Uint32Array(Math.min(size, DENSE_IDS));
        grown.set(this.valueTypes);
        this.valueTypes = grown;
      }
      if (this.valueTypes[id] === 0) this.valueTypes[id] = type;
    } else if (!this.#farValueTypes.has(id)) this.#farValueTypes.set(id, type);
  }

  #valueTypeOf(id: number): number {
    if (id < DENSE_IDS) return id < this.valueTypes.length ? this.valueTypes[id] : 0;
    return this.#farValueTypes.get(id) ?? 0;
  }

  /** The word buffer with room for `k` more words. */
  #room(k: number): Uint32Array {
    if (this.n + k > this.w.length) {
      let size = this.w.length * 2;
      while (size < this.n + k) size *= 2;
      const grown = new Uint32Array(size);
      grown.set(this.w);
      this.w = grown;
      const ids = new Int32Array(size);
      ids.set(this.#wordIds);
      this.#wordIds = ids;
    }
    return this.w;
  }

  #check(r: number | LiteralError, s: number, e: number, t: OperandType): void {
    if (typeof r === 'number') {
      this.n += r;
      return;
    }
    this.#fail(s, e, `${r.message} (${this.#describe(t)})`, r.hint);
  }

  #stringAt(at: number, words: number): string {
    const bytes: number[] = [];
    for (let i = 0; i < words * 4; i++) {
      const c = (this.w[at + (i >>> 2)] >>> ((i & 3) * 8)) & 0xff;
      if (c === 0) break;
      bytes.push(c);
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  }

  /** The text of a word for a message, cut short when it is long. */
  #text(s: number, e: number): string {
    return e - s > 80 ? `${this.#source.slice(s, s + 60)}…` : this.#source.slice(s, e);
  }

  /** The operand for a message: its kind ("IdRef"). */
  #describe(t: OperandType): string {
    return t.kind;
  }

  #kindHint(t: OperandType): string | undefined {
    switch (t.code) {
      case OPERAND_ID:
      case OPERAND_TYPE_ID:
        return `${t.kind} is an <id>, e.g. %main or %12`;
      case OPERAND_LITERAL_INTEGER:
        return `${t.kind} is a 32-bit unsigned integer, e.g. 4 or 0x10`;
      case OPERAND_LITERAL_FLOAT:
        return `${t.kind} is a 32-bit float, e.g. 1.5`;
      case OPERAND_TYPED_NUMBER:
        return `${t.kind} is a number as wide as its type, e.g. 42, -1, 0.5 or 0x1p-3`;
      case OPERAND_LITERAL_STRING:
        return `${t.kind} is a quoted string, e.g. "main"`;
      case OPERAND_VALUE_ENUM:
      case OPERAND_BIT_ENUM: {
        const names = t.enums!.primaryNames();
        const list = names.slice(0, 8).join(', ') + (names.length > 8 ? ', ...' : '');
        return `${t.kind} is ${t.code === OPERAND_BIT_ENUM ? 'a mask of flags joined with |' : 'one of the names'}: ${list}`;
      }
      case OPERAND_EXT_INST:
        return 'a name of the imported set, e.g. Sqrt for GLSL.std.450';
      case OPERAND_SPEC_CONSTANT_OP:
        return 'an opcode name without Op, e.g. IAdd';
      default:
        return undefined;
    }
  }

  // ------------------------------------------------------------------ errors

  /**
   * Did-you-mean candidates, for the first errors only: a text of garbage can have thousands of
   * errors, and comparing each with every name (every id of a large module) would take minutes.
   */
  #nearest(name: string, candidates: readonly string[]): string[] {
    if (this.#suggestionBudget <= 0) return [];
    this.#suggestionBudget--;
    return nearestNames(name, candidates);
  }

  #fail(start: number, end: number, message: string, hint?: string): never {
    this.#diagnostics.error(start, end, message, hint);
    this.#resumeLineOf = -1;
    throw ABORT;
  }

  /** A result type or result id of 0: under preserveNumericIds `%0` keeps the number 0, which no id may have. */
  #zeroId(): never {
    this.#fail(this.instStart, this.lastEnd, 'id 0 is never a valid result type or result id', 'with preserveNumericIds, %0 stays 0: number ids from 1');
  }

  #badId(s: number, e: number): never {
    this.#fail(s, e, `invalid id '${this.#text(s, e)}'`, 'ids are % and letters, digits or _, e.g. %main or %12');
  }

  #missingOperand(t: OperandType, atEnd: boolean): never {
    const opname = this.entry?.spec.opname ?? 'this instruction';
    const found = atEnd ? 'the end of the text' : 'the next instruction';
    this.#fail(this.lastEnd, this.lastEnd + 1, `${opname} is missing an operand: expected ${this.#describe(t)}, found ${found}`, this.#kindHint(t));
  }

  #unknownEnumerant(table: EnumTable, s: number, e: number): never {
    const name = this.#text(s, e);
    const suggestions = this.#nearest(name, table.allNames());
    const names = table.primaryNames();
    this.#fail(
      s,
      e,
      `unknown ${table.kind} '${name}'`,
      didYouMean(suggestions) ?? `${table.kind} is one of ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', ...' : ''}`,
    );
  }

  #unavailableEnumerant(table: EnumTable, name: string, minVersion: number, s: number, e: number): never {
    this.#fail(
      s,
      e,
      `${table.kind} ${name} is not available in ${versionName(this.version)} (target environment ${this.#envName})`,
      `it needs ${versionName(minVersion)}; choose a newer target environment`,
    );
  }

  /**
   * A string word that runs to the end of the text with a quote still open. Strings may span
   * lines, so a missing closing quote pairs the string with the next quote in the file and
   * swallows everything in between: the error points at where the word's string starts, and
   * reading resumes on the next line, where the swallowed text is read again.
   */
  #unterminatedString(s: number): never {
    const quote = this.bytes.indexOf(CH_QUOTE, s);
    this.#diagnostics.error(
      quote,
      quote + 1,
      'unterminated string: the closing " is missing',
      'strings may span lines, so this one runs to the end of the text; write a quote in a string as \\"',
    );
    this.#resumeLineOf = quote;
    throw ABORT;
  }

  /** The first word of an instruction is neither an opcode nor `%id =`. */
  #failHead(s: number, e: number): never {
    const word = this.#text(s, e);
    if (this.lx.line === this.#prevLine && this.#prevOpname !== '') {
      const enums = this.#prevEnums;
      const flag = enums?.byName(this.bytes, s, e) !== undefined;
      this.#fail(
        s,
        e,
        `unexpected '${word}' after the operands of ${this.#prevOpname}`,
        flag
          ? `to combine ${enums.kind} flags, join them with '|' and no spaces: ${this.#text(this.#prevEnumsStart, this.#prevEnumsEnd)}|${word}`
          : `${this.#prevOpname} takes no more operands here`,
      );
    }
    this.#fail(s, e, `expected an opcode or '%id =', found '${word}'`, this.bytes[s] === CH_PERCENT ? `write '${word} = OpName ...'` : undefined);
  }

  /** Skips to the next word that starts an instruction. */
  #recover(): void {
    const lx = this.lx;
    // A result the instruction meant to define counts as defined: no "undefined" errors for its uses.
    if (this.#headParsed && this.resultStart >= 0) {
      const index = this.ids.lookup(this.bytes, this.resultStart + 1, this.#resultEnd);
      if (index >= 0) this.ids.define(index, this.resultStart);
    }
    if (this.#resumeLineOf >= 0) lx.skipToLineAfter(this.#resumeLineOf);
    else if (lx.pos <= this.instStart) lx.take(lx.wordEnd(lx.pos));
    while (lx.skipBlank()) {
      const s = lx.pos;
      const e = lx.wordEnd(s);
      if (lx.startsInstruction(s, e)) break;
      if (e === lx.end && lx.unclosedQuote(s, e) >= 0) {
        lx.skipToLineAfter(this.bytes.indexOf(CH_QUOTE, s));
        continue;
      }
      lx.take(e);
    }
    this.#prevLine = -1;
  }

  /** Reports every id used but never defined (after the whole text is read). */
  reportUndefinedIds(): void {
    const undefinedNames = this.ids.undefinedNames();
    if (undefinedNames.length === 0) return;
    const defined = this.ids.definedNames();
    this.#suggestionBudget = Math.max(this.#suggestionBudget, 50);
    for (const { index, pos } of undefinedNames) {
      const name = this.ids.name(index);
      const end = pos + 1 + name.length;
      this.#diagnostics.error(pos, end, `%${name} is used but never defined`, didYouMean(this.#nearest(name, defined), '%') ?? 'define it with %name = Op...');
    }
  }
}
