import { SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../../grammar/index.js';
import { AssemblerGrammar, type OpcodeEntry } from './AssemblerGrammar.js';
import { isAvailable, versionName } from './availability.js';
import type { DiagnosticList } from './DiagnosticList.js';
import type { IdTable } from './IdTable.js';
import type { InstructionRegion } from './InstructionRegion.js';
import { CH_BANG, CH_EQUALS, CH_PERCENT, CH_QUOTE, type Lexer } from './Lexer.js';
import { didYouMean } from './nearestNames.js';
import { OperandEncoder } from './OperandEncoder.js';
import { OPERAND_ID, OPERAND_RESULT_ID, OPERAND_TYPE_ID, OPERAND_VARIABLE } from './OperandType.js';
import { ABORT, ParseErrorContext } from './ParseErrorContext.js';
import type { SourceText } from './SourceText.js';

/**
 * Reads instructions in spirv-as syntax and encodes them as spirv-as does, operand by operand
 * through the grammar (SPIRV-Tools `spvTextEncodeInstruction` with its pattern stack), so
 * optional operands, operands brought by enumerants (`Aligned 4`, `LocalSize 1 1 1`), OpExtInst
 * and OpSpecConstantOp operands, `!<integer>` words and literal widths behave as in spirv-as.
 *
 * This is the loop over the text: an instruction's head (`%id =` and the opcode), a word for each
 * operand its {@link OperandEncoder} expects, result ids defined, the finished words handed to the
 * {@link InstructionRegion} (which sorts them into the module's sections and functions).
 *
 * Errors are recorded through the {@link ParseErrorContext}; the parser then skips to the next
 * instruction and goes on, so one run reports every error of the text.
 */
export class InstructionParser {
  private readonly bytes: Uint8Array;
  private readonly grammar = AssemblerGrammar.get();
  private readonly encoder: OperandEncoder;
  private readonly errors: ParseErrorContext;

  // The instruction being read.
  private instStart = 0;
  private instLine = 0;
  private instLineStart = 0;
  private resultStart = -1;
  private resultEnd = -1;
  private resultHash = 0;
  private resultHashed = false;
  private headParsed = false;
  /** End of the last word read. */
  private lastEnd = 0;
  /** Line of {@link lastEnd}. */
  private lastLine = 0;
  /** For `!` instructions: the name index of each word that was an `%id`, else -1. */
  private wordIds = new Int32Array(256);

  constructor(
    source: SourceText,
    private readonly lx: Lexer,
    private readonly ids: IdTable,
    diagnostics: DiagnosticList,
    private readonly version: number,
    envName: string,
    private readonly region: InstructionRegion,
  ) {
    this.bytes = source.bytes;
    this.errors = new ParseErrorContext(source, diagnostics, version, envName);
    this.encoder = new OperandEncoder(source, lx, ids, version, this.errors);
  }

  /** Reads every instruction of the text. */
  parseAll(): void {
    const lx = this.lx;
    while (lx.skipBlank()) {
      try {
        this.parseInstruction();
      } catch (e) {
        if (e !== ABORT) throw e;
        this.recover();
      }
    }
  }

  // ------------------------------------------------------------------ instructions

  private parseInstruction(): void {
    const lx = this.lx;
    const b = this.bytes;
    const start = lx.pos;
    this.instStart = start;
    this.instLine = lx.line;
    this.instLineStart = lx.lineStart;
    this.resultStart = -1;
    this.headParsed = false;
    if (b[start] === CH_BANG) {
      this.parseRawInstruction(start);
      return;
    }
    // Kept short, the result head apart: this runs for every instruction.
    const opStart = lx.startsWithOp(start) ? start : this.parseResultHead(start);
    let opEnd = lx.identEnd(opStart);
    const hashed = opEnd >= 0;
    if (!hashed) opEnd = lx.wordEnd(opStart);
    lx.take(opEnd);
    this.lastEnd = opEnd;
    this.lastLine = lx.line;
    this.headParsed = true;
    const entry = hashed ? this.grammar.opcodeHashed(b, opStart, opEnd, lx.hash) : this.grammar.opcode(b, opStart, opEnd);
    if (entry === undefined || !isAvailable(entry.range, this.version) || entry.spec.hasResult !== this.resultStart >= 0) {
      this.badOpcode(entry, opStart, opEnd);
    }
    this.encoder.begin(entry);
    this.parseOperands();
    this.finishInstruction();
  }

  /** Reads `%name =` before an opcode, keeping the name as the result id's; returns where the opcode starts. */
  private parseResultHead(start: number): number {
    const lx = this.lx;
    const b = this.bytes;
    const errors = this.errors;
    // The name's hash comes with finding its end, for the id lookup.
    let end = b[start] === CH_PERCENT ? lx.identEnd(start + 1) : -1;
    this.resultHash = lx.hash;
    this.resultHashed = end > start + 1;
    if (end < 0) end = lx.wordEnd(start);
    if (b[start] !== CH_PERCENT || (lx.line === errors.previousLine && !lx.equalsFollows(end))) errors.notAnInstruction(start, end, lx.line);
    this.resultStart = start;
    this.resultEnd = end;
    lx.take(end);
    if (!lx.skipBlank()) errors.fail(start, end, `expected '=' after ${errors.text(start, end)}, found the end of the text`);
    const eq = lx.pos;
    const eqEnd = lx.wordEnd(eq);
    if (eqEnd !== eq + 1 || b[eq] !== CH_EQUALS) this.missingEquals(start, end, eq, eqEnd);
    else {
      lx.take(eqEnd);
      if (!lx.skipBlank()) errors.fail(eq, eqEnd, `expected an opcode after '${errors.text(start, end)} =', found the end of the text`);
    }
    const opStart = lx.pos;
    if (!lx.startsWithOp(opStart)) {
      const e = lx.wordEnd(opStart);
      errors.fail(
        opStart,
        e,
        `expected an opcode after '${errors.text(start, end)} =', found '${errors.text(opStart, e)}'`,
        'opcodes start with Op and a capital letter, e.g. OpLoad',
      );
    }
    return opStart;
  }

  /**
   * `%x` then something other than `=` at [eq, eqEnd). Before an opcode only the '=' is missing:
   * recorded, and the rest is read as if it were there; otherwise the instruction is abandoned.
   */
  private missingEquals(start: number, end: number, eq: number, eqEnd: number): void {
    const tok = this.errors.text(start, end);
    const message = `expected '=' after ${tok}, found '${this.errors.text(eq, eqEnd)}'`;
    const hint = `write '${tok} = OpName ...', with spaces around '='`;
    if (!this.lx.startsWithOp(eq)) this.errors.fail(eq, eqEnd, message, hint);
    this.errors.error(eq, eqEnd, message, hint);
  }

  /** The opcode at [opStart, opEnd) is unknown, not available in the target, or has a result id where it has none (or the reverse). */
  private badOpcode(entry: OpcodeEntry | undefined, opStart: number, opEnd: number): never {
    if (entry === undefined) {
      const name = this.errors.text(opStart, opEnd);
      this.errors.fail(opStart, opEnd, `unknown opcode '${name}'`, didYouMean(this.errors.nearest(name, this.grammar.opcodeNamesList())));
    }
    const spec = entry.spec;
    if (!isAvailable(entry.range, this.version)) this.errors.unavailable(opStart, opEnd, spec.opname, `${versionName(entry.range.minVersion)} or an extension`);
    if (spec.hasResult && this.resultStart < 0) {
      this.errors.fail(opStart, opEnd, `${spec.opname} produces a result id, but none is given`, `write '%name = ${spec.opname} ...'`);
    }
    const tok = this.errors.text(this.resultStart, this.resultEnd);
    this.errors.fail(this.resultStart, this.resultEnd, `${spec.opname} does not produce a result id, so ${tok} cannot be set`, `remove '${tok} ='`);
  }

  /** spirv-as's operand loop: pop an expected operand, read a word for it, repeat. */
  private parseOperands(): void {
    const lx = this.lx;
    const b = this.bytes;
    const enc = this.encoder;
    while (enc.sp > 0) {
      const t = enc.stack[--enc.sp];
      const code = t.code;
      if (code === OPERAND_VARIABLE) {
        enc.expand(t);
        continue;
      }
      if (code === OPERAND_RESULT_ID && this.resultStart >= 0) {
        this.encodeResultId();
        continue;
      }
      if (!lx.skipBlank()) {
        if (t.optional) return;
        this.errors.missingOperand(enc.entry?.spec.opname ?? 'this instruction', t, true, this.lastEnd);
      }
      const s = lx.pos;
      const c = b[s];
      let e: number;
      if (c === CH_PERCENT && (e = lx.identEnd(s + 1)) > s + 1) {
        // An id: found, checked and hashed in one pass. Most operands are ids.
        if (lx.equalsFollows(e)) {
          if (t.optional) return;
          this.errors.missingOperand(enc.entry?.spec.opname ?? 'this instruction', t, false, this.lastEnd);
        }
        if (code === OPERAND_ID || code === OPERAND_TYPE_ID) {
          enc.encodeId(t, s, e, this.ids.lookupHashed(b, s + 1, e, lx.hash));
          lx.take(e);
          this.lastEnd = e;
          this.lastLine = lx.line;
          continue;
        }
      } else {
        e = lx.wordEnd(s);
        if (lx.startsInstruction(s, e)) {
          if (t.optional) return;
          this.errors.missingOperand(enc.entry?.spec.opname ?? 'this instruction', t, false, this.lastEnd);
        }
      }
      if (c === CH_BANG) {
        enc.encodeImmediate(s, e);
        enc.useAlternatePattern();
      } else {
        enc.encode(t, s, e);
      }
      lx.take(e);
      this.lastEnd = e;
      this.lastLine = lx.line;
    }
  }

  private encodeResultId(): void {
    const s = this.resultStart;
    const e = this.resultEnd;
    const index = this.resultHashed ? this.ids.lookupHashed(this.bytes, s + 1, e, this.resultHash) : this.ids.lookup(this.bytes, s + 1, e);
    if (index < 0) this.errors.badId(s, e);
    this.define(index, s, e);
    this.encoder.emitId(this.ids.id(index), s, e);
  }

  private define(index: number, s: number, e: number): void {
    const before = this.ids.define(index, s);
    if (before >= 0 && before !== s) {
      this.errors.error(s, e, `%${this.ids.name(index)} is defined twice`, `it was first defined at ${this.errors.where(before)}`);
    }
  }

  private finishInstruction(): void {
    const enc = this.encoder;
    const n = enc.n;
    const w = enc.w;
    const opcode = enc.opcode;
    const opname = enc.entry!.spec.opname;
    if (n > 0xffff) {
      this.errors.fail(
        this.instStart,
        this.lastEnd,
        `${opname} has ${n} words; an instruction holds at most 65535`,
        'split it up (long text: with OpSourceContinued)',
      );
    }
    w[0] = ((n << 16) | opcode) >>> 0;
    enc.recordDefinition(this.instStart, this.lastEnd);
    const shape = instructionShape[opcode];
    let at = 1;
    const typeId = (shape & SHAPE_TYPE) !== 0 ? w[at++] : 0;
    const resultId = (shape & SHAPE_RESULT) !== 0 ? w[at] : 0;
    if (((shape & SHAPE_TYPE) !== 0 && typeId === 0) || ((shape & SHAPE_RESULT) !== 0 && resultId === 0)) this.errors.zeroId(this.instStart, this.lastEnd);
    this.region.add(w, 0, n, this.instStart, this.lastEnd, this.instLine, this.instLineStart);
    this.errors.instructionRead(opname, this.lastLine);
  }

  // ------------------------------------------------------------------ `!<integer>` instructions

  /**
   * An instruction that starts with `!<integer>`: its words are taken as written (the first word
   * is used as is, word count included), the rest are numbers, strings or ids, up to the next
   * opcode or `%id =`. The words may hold several instructions; each must be whole.
   */
  private parseRawInstruction(start: number): void {
    const lx = this.lx;
    const b = this.bytes;
    const enc = this.encoder;
    enc.beginWords();
    let e = lx.wordEnd(start);
    enc.encodeImmediate(start, e);
    this.wordIds[0] = -1;
    lx.take(e);
    this.lastEnd = e;
    this.lastLine = lx.line;
    while (lx.skipBlank()) {
      const s = lx.pos;
      e = lx.wordEnd(s);
      if (lx.startsInstruction(s, e)) break;
      if (e === s + 1 && b[s] === CH_EQUALS) {
        this.errors.fail(s, e, `'=' cannot follow words given with !<integer>`, 'write a result id before the opcode: %x = OpName ...');
      }
      const before = enc.n;
      if (b[s] === CH_BANG) enc.encodeImmediate(s, e);
      else enc.encodeCiv(s, e);
      if (enc.n > this.wordIds.length) this.growWordIds(enc.n);
      this.wordIds.fill(-1, before, enc.n);
      if (enc.n === before + 1 && b[s] === CH_PERCENT) this.wordIds[before] = this.ids.lookup(b, s + 1, e);
      lx.take(e);
      this.lastEnd = e;
      this.lastLine = lx.line;
    }
    const w = enc.w;
    const n = enc.n;
    let i = 0;
    while (i < n) {
      const first = w[i];
      const wc = first >>> 16;
      const opcode = first & 0xffff;
      if (wc === 0 || i + wc > n) {
        this.errors.fail(
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
        const index = this.wordIds[at];
        if (index >= 0) this.define(index, start, this.lastEnd);
        resultId = w[at]!;
      }
      if (((shape & SHAPE_TYPE) !== 0 && typeId === 0) || ((shape & SHAPE_RESULT) !== 0 && resultId === 0)) this.errors.zeroId(this.instStart, this.lastEnd);
      this.region.add(w, i, i + wc, start, this.lastEnd, this.instLine, this.instLineStart);
      i += wc;
    }
    this.errors.instructionRead('!<integer> words', this.lastLine);
  }

  private growWordIds(n: number): void {
    let size = this.wordIds.length * 2;
    while (size < n) size *= 2;
    const grown = new Int32Array(size);
    grown.set(this.wordIds);
    this.wordIds = grown;
  }

  // ------------------------------------------------------------------ after errors, after the text

  /** Skips to the next word that starts an instruction. */
  private recover(): void {
    const lx = this.lx;
    // A result the instruction meant to define counts as defined: no "undefined" errors for its uses.
    if (this.headParsed && this.resultStart >= 0) {
      const index = this.ids.lookup(this.bytes, this.resultStart + 1, this.resultEnd);
      if (index >= 0) this.ids.define(index, this.resultStart);
    }
    if (this.errors.resumeLineOf >= 0) lx.skipToLineAfter(this.errors.resumeLineOf);
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
    this.errors.recovered();
  }

  /** Reports every id used but never defined (after the whole text is read). */
  reportUndefinedIds(): void {
    const undefinedNames = this.ids.undefinedNames();
    if (undefinedNames.length === 0) return;
    const defined = this.ids.definedNames();
    this.errors.allowSuggestions(50);
    for (const { index, pos } of undefinedNames) {
      const name = this.ids.name(index);
      const end = pos + 1 + name.length;
      this.errors.error(pos, end, `%${name} is used but never defined`, didYouMean(this.errors.nearest(name, defined), '%') ?? 'define it with %name = Op...');
    }
  }
}
