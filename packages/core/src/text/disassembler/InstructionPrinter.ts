import { decodeLiteralString, hasZeroByte } from '../../words/literalString.js';
import { HEADER_WORDS } from '../../words/header.js';
import { InstructionWalker, instructionAt, instructionEnd } from '../../ir/InstructionWalker.js';
import {
  Op,
  SHAPE_RESULT,
  SHAPE_TYPE,
  extInstName,
  extInstSetByName,
  instructionShape,
  knownOpcodes,
  opcodeName,
  type ExtInstSetInfo,
} from '../../grammar/index.js';
import type { Instruction } from '../../ir/Instruction.js';
import type { OperandTables } from '../../ir/OperandTables.js';
import { walkOperands, type OperandVisitor } from '../../ir/operands.js';
import { enumerantText, plainEnumerantText } from './enumerantText.js';
import type { InstructionSink } from '../../ir/forEachInstruction.js';
import { formatFloat32 } from './formatNumber.js';
import { writeQuotedString } from './formatString.js';
import type { FriendlyNameMapper } from './FriendlyNameMapper.js';
import { NumericTypes } from './NumericTypes.js';
import { PRINTED_BY_NUMBER } from './extInstSetsByNumber.js';
import { OutputBuffer, decimalDigits } from './OutputBuffer.js';
import { Section, sectionOf } from './sectionComments.js';
import { OperandQuantity, layoutCodes, layoutKindName, layoutKinds, opcodeLayout } from '../../words/operandLayout.js';
import { PLAIN_OPERAND, PlainOperand, printsPlainly } from './plainOperands.js';

const SPACE = 0x20;
const PERCENT = 0x25;
const NEWLINE = 0x0a;
const EQUALS = 0x3d;
/** spirv-dis right-aligns `%id` to end at column 12, so ` = ` puts the opcode at column 15. */
const INDENT = 15;
// spirv-dis --color: ANSI colors, reset after each colored token (and after enumerants, numbers
// and strings, as it does: a reset more than needed, but the same bytes).
const RESET = '\x1b[0m';
const BLUE = '\x1b[34m';
const YELLOW = '\x1b[33m';
const RED = '\x1b[31m';
const GREEN = '\x1b[32m';
const GREY = '\x1b[1;30m';
const SECTION_TITLES = ['', '; Function ', '; Annotations', '; Debug Information', '; Types, variables and constants'];

/** The names a printer writes for ids: a {@link FriendlyNameMapper}, or any table shaped like it. */
export type IdNameTable = Pick<FriendlyNameMapper, 'table' | 'explicitName'>;

/** Opcode -> `OpName`, and the same without `Op` for OpSpecConstantOp's operand. */
const OPNAMES: (string | undefined)[] = [];
const SPEC_OPNAMES: (string | undefined)[] = [];
for (const opcode of knownOpcodes()) {
  const name = opcodeName(opcode)!;
  OPNAMES[opcode] = name;
  SPEC_OPNAMES[opcode] = name.slice(2);
}

/** Opcodes whose instruction later lines depend on beyond its result type (see `learn`). */
const LEARNED_OPCODES = new Uint8Array(65536);
LEARNED_OPCODES[Op.TypeInt] = 1;
LEARNED_OPCODES[Op.TypeFloat] = 1;
LEARNED_OPCODES[Op.ExtInstImport] = 1;

/**
 * Prints instructions as spirv-dis does, one line each, and keeps what later lines depend on:
 * the number types, the result type of every id (for OpSwitch literals), and the ext-inst imports.
 * Like SPIRV-Tools' parser it learns these in binary order. What the operand walker needs is
 * core's one operand context ({@link OperandTables}), the decoder's too, so the walker's calls of
 * it see one class wherever it runs; the printer keeps only what printing needs besides
 * (signedness of number types, the imported sets' names).
 *
 * What spirv-dis cannot print (it fails on the whole module) is printed in the form `spirv-as`
 * reads back to the same words, its `!<integer>` raw words (see `syntax.md` in SPIRV-Tools):
 *
 * - an opcode the grammar does not know: the whole instruction as raw words, the first word
 *   (word count and opcode) in hex: `!0x00030abc !1 !2`; a result id in it stays a number;
 * - an operand that cannot be named or written as a literal (an unknown enumerant or mask bit,
 *   an unknown ext-inst number in a set that is not `NonSemantic.*`, an unknown opcode in
 *   OpSpecConstantOp, a string that is not UTF-8 or has non-zero padding, a literal of unknown
 *   type), and every word after it: `OpCapability !4000`, `OpDecorate %x !9999 !1 !2`. After
 *   the first `!` token spirv-as takes the rest of the instruction as words without checking;
 * - an instruction short of operands: its last operand as raw words (`OpExecutionMode %main
 *   LocalSize 1 !1`) so spirv-as stops checking, or, with no operand, its result type; OpTypeInt
 *   and OpTypeFloat, whose word counts spirv-as checks even then, entirely as raw words.
 *
 * An unknown ext-inst number in a `NonSemantic.*` set is printed as a plain number followed by
 * ids, as spirv-dis does (`OpExtInst %void %1 7 %a %b`); spirv-as reads that form. A line that
 * starts with a raw word must not follow a line spirv-as would extend with it: `disassemble`
 * then prints again, with such lines raw too (`forceRaw`; see `rawLinePlacement`). Ids in raw
 * words stay numbers, so the text reads back to the same words with `--raw-id` and
 * `spirv-as --preserve-numeric-ids`.
 *
 * Most instructions have only ids, integers, strings and parameterless enumerants as operands;
 * those are printed in one loop over their words following their operand layouts (see
 * `plainOperands.ts`), straight from the module's words when it still holds them undecoded.
 * Everything else goes through the grammar's operand walker.
 */
export class InstructionPrinter implements InstructionSink {
  private readonly out: OutputBuffer;
  private readonly indent: boolean;
  private readonly offsets: boolean;
  /** spirv-dis `--comment`: section titles, and the id of each OpName's target. */
  private readonly comments: boolean;
  /** spirv-dis `--color`: result ids blue, ids yellow, numbers red, strings green, offsets grey. */
  private readonly color: boolean;
  /** Which once-only section titles have been printed (bit per {@link Section}). */
  private titled = 0;
  private readonly names: IdNameTable | undefined;
  /** The friendly names as tables (see FriendlyNameMapper.table); empty with `--raw-id`. */
  private readonly nameIndex: Uint32Array;
  private readonly nameList: readonly string[];
  private readonly numericTypes = new NumericTypes();
  /** The operand walker's context: number widths, the result type of every id printed so far, the imported sets. */
  private readonly context: OperandTables;
  /** The imported sets by result id, with their names (`NonSemantic.*` sets print unknown numbers). */
  private readonly imports = new Map<number, { readonly name: string; readonly set: ExtInstSetInfo | undefined }>();
  private readonly visitor: OperandVisitor;
  private readonly forceRaw: ReadonlySet<number> | undefined;
  private byteOffset = HEADER_WORDS * 4;
  private scratch = new Uint32Array(64);
  /** Index of the instruction being printed, in module order. */
  private index = -1;
  /** Indexes of the instructions printed entirely as raw words (`!0x...` first). */
  readonly wholeRawLines: number[] = [];
  /** Indexes of the instructions printed with an opcode name and raw words after it. */
  readonly rawTailLines = new Set<number>();

  // The instruction the operand walker is printing.
  private inst!: Instruction;
  /** Set once a word had to be printed raw: the rest of the instruction is raw words too. */
  private raw = false;
  /** Where the last operand printed normally starts in the output, and its words; -1 when none. */
  private lastOperandAt = -1;
  private lastOperandStart = 0;
  private lastOperandCount = 0;

  /**
   * @param context the operand context to fill while printing: a new one, for the printed
   *   module's bound and size (`new OperandTables(bound, words)`)
   * @param names friendly names, or undefined to print every id as its number (`--raw-id`)
   * @param options `sizeHint`: the expected length of the text in bytes; `forceRaw`: indexes
   *   (in module order) of instructions to print entirely as raw words
   */
  constructor(
    context: OperandTables,
    names: IdNameTable | undefined,
    options: { indent: boolean; offsets: boolean; comments?: boolean; color?: boolean; sizeHint?: number; forceRaw?: ReadonlySet<number> },
  ) {
    this.out = new OutputBuffer(options.sizeHint);
    this.forceRaw = options.forceRaw;
    this.names = names;
    const table = names?.table();
    this.nameIndex = table?.index ?? new Uint32Array(0);
    this.nameList = table?.names ?? [];
    this.indent = options.indent;
    this.offsets = options.offsets;
    this.comments = options.comments === true;
    this.color = options.color === true;
    this.context = context;
    this.visitor = (kind, start, count, set) => this.operand(kind, start, count, set);
  }

  /** Adds a line as it is (the header comments). */
  comment(line: string): void {
    this.out.ascii(line);
    this.out.byte(NEWLINE);
  }

  /** Prints the next instruction of the module. */
  instruction(inst: Instruction): void {
    this.index++;
    if (this.comments) this.sectionTitle(inst.opcode, inst.resultId);
    this.printInstruction(inst);
  }

  private printInstruction(inst: Instruction): void {
    const opcode = inst.opcode;
    const opname = OPNAMES[opcode];
    if (opname === undefined) this.rawInstruction(inst);
    else if (this.forceRaw?.has(this.index) === true) {
      this.rawInstruction(inst);
      this.learn(inst);
    } else {
      const lineStart = this.out.length;
      const beforeType = this.head(opname, inst.typeId, inst.resultId);
      if (this.color || printsPlainly[opcode] === 0 || !this.simpleOperands(opcode, this.operandWords(inst), 0, inst.operandCount))
        this.walk(inst, lineStart, beforeType);
      this.learn(inst);
      if (this.comments && opcode === Op.Name && inst.operandCount > 0) {
        this.out.ascii('  ; id %');
        this.out.uint(inst.word(0));
      }
    }
    this.endLine(inst.wordCount);
  }

  /**
   * The operand words of `inst`, copied into a reused array: `inst.operands` would make a new
   * typed array view each time, which costs more than copying a few words.
   */
  private operandWords(inst: Instruction): Uint32Array {
    const n = inst.operandCount;
    if (n > this.scratch.length) this.scratch = new Uint32Array(Math.max(n, this.scratch.length * 2));
    const scratch = this.scratch;
    for (let i = 0; i < n; i++) scratch[i] = inst.word(i);
    return scratch;
  }

  /** Prints the instructions the module holds as words, in order. */
  region(words: Uint32Array): void {
    if (this.comments || this.color) {
      // Rare enough to take the general path for every instruction, titles included.
      const walk = new InstructionWalker(words);
      while (walk.next()) this.instruction(walk.instruction());
      return;
    }
    const plain = this.forceRaw === undefined;
    // The tightest loop of a disassembly: the walker's step alone (see instructionEnd).
    for (let pos = 0, end: number; pos < words.length; pos = end) {
      end = instructionEnd(words, pos);
      this.index++;
      if (!plain || !this.plainLine(words, pos, end - pos)) this.wordsLine(words, pos, end - pos);
    }
  }

  /** Prints the instruction at words [pos, pos + wordCount), when `plainLine` could not. */
  private wordsLine(words: Uint32Array, pos: number, wordCount: number): void {
    const opcode = words[pos] & 0xffff;
    const opname = OPNAMES[opcode];
    if (opname !== undefined && LEARNED_OPCODES[opcode] === 0 && this.forceRaw === undefined && printsPlainly[opcode] === 1) {
      const shape = instructionShape[opcode];
      let at = pos + 1;
      const typeId = (shape & SHAPE_TYPE) !== 0 ? words[at++] : 0;
      const resultId = (shape & SHAPE_RESULT) !== 0 ? words[at++] : 0;
      const lineStart = this.out.length;
      this.head(opname, typeId, resultId);
      if (this.simpleOperands(opcode, words, at, pos + wordCount - at)) {
        if (typeId !== 0) this.context.noteType(resultId, typeId);
        this.endLine(wordCount);
        return;
      }
      this.out.length = lineStart;
    }
    this.printInstruction(instructionAt(words, pos, wordCount));
  }

  /**
   * The common case, written straight into the output bytes: an instruction held as words
   * whose operands are all ids, integers and parameterless enumerants (most of a function
   * body: arithmetic, loads, stores, access chains, branches, variables, merges, OpLine). Returns false, having written nothing, for
   * anything else, which then takes the general path. This is the same printing as
   * `head` + `simpleOperands` + `endLine`, without their calls: this runs for most lines, and a
   * call per operand is a large part of printing a short one.
   */
  private plainLine(words: Uint32Array, pos: number, wordCount: number): boolean {
    const opcode = words[pos] & 0xffff;
    const opname = OPNAMES[opcode];
    if (opname === undefined || LEARNED_OPCODES[opcode] === 1 || printsPlainly[opcode] === 0) return false;
    const shape = instructionShape[opcode];
    let w = pos + 1;
    const typeId = (shape & SHAPE_TYPE) !== 0 ? words[w++] : 0;
    const resultId = (shape & SHAPE_RESULT) !== 0 ? words[w++] : 0;
    const n = pos + wordCount - w;
    const out = this.out;
    const bytes = out.reserve(64 + opname.length + (wordCount + 1) * (MAX_INLINE_NAME + 3));
    let at = out.length;
    const index = this.nameIndex;
    const list = this.nameList;

    if (resultId !== 0) {
      const name = resultId < index.length ? list[index[resultId]] : this.names?.explicitName(resultId);
      // Counted for every result, named or not: one path for both, since a module's first results
      // are often all named and its unnamed ones come later.
      const digits = decimalDigits(resultId);
      const length = name === undefined || name.length === 0 ? digits : name.length;
      if (length > MAX_INLINE_NAME) return false;
      if (this.indent) for (let pad = INDENT - 4 - length; pad > 0; pad--) bytes[at++] = SPACE;
      bytes[at++] = PERCENT;
      at = name === undefined || name.length === 0 ? writeDecimal(bytes, at, resultId) : writeAscii(bytes, at, name);
      bytes[at++] = SPACE;
      bytes[at++] = EQUALS;
      bytes[at++] = SPACE;
    } else if (this.indent) for (let pad = 0; pad < INDENT; pad++) bytes[at++] = SPACE;
    at = writeAscii(bytes, at, opname);
    if (typeId !== 0) {
      bytes[at++] = SPACE;
      bytes[at++] = PERCENT;
      const name = typeId < index.length ? list[index[typeId]] : this.names?.explicitName(typeId);
      if (name === undefined || name.length === 0) at = writeDecimal(bytes, at, typeId);
      else if (name.length > MAX_INLINE_NAME) return false;
      else at = writeAscii(bytes, at, name);
    }

    const codes = layoutCodes;
    let p = 0;
    for (let slot = opcodeLayout[opcode]; ; slot++) {
      const code = codes[slot];
      if (code === 0) break;
      const quantity = code & 3;
      if (p >= n) {
        if (quantity === OperandQuantity.One) return false; // missing: the walker reports it
        continue;
      }
      const kind = PLAIN_OPERAND[code >>> 2];
      if (kind === PlainOperand.None || kind === PlainOperand.String) return false;
      do {
        const value = words[w + p++];
        bytes[at++] = SPACE;
        if (kind === PlainOperand.Integer) at = writeDecimal(bytes, at, value);
        else if (kind === PlainOperand.Id) {
          bytes[at++] = PERCENT;
          const name = value < index.length ? list[index[value]] : this.names?.explicitName(value);
          if (name === undefined || name.length === 0) at = writeDecimal(bytes, at, value);
          else if (name.length > MAX_INLINE_NAME) return false;
          else at = writeAscii(bytes, at, name);
        } else {
          const text = plainEnumerantText(layoutKindName(layoutKinds[slot]), value);
          if (text === undefined || text.length > MAX_INLINE_NAME) return false;
          at = writeAscii(bytes, at, text);
        }
      } while (quantity === OperandQuantity.Many && p < n);
    }
    if (p !== n) return false; // words left over

    if (this.offsets) {
      at = writeAscii(bytes, at, ' ; 0x');
      const offset = this.byteOffset;
      for (let shift = 28; shift >= 0; shift -= 4) {
        const d = (offset >>> shift) & 0xf;
        bytes[at++] = d < 10 ? 48 + d : 87 + d;
      }
    }
    bytes[at++] = NEWLINE;
    out.length = at;
    this.byteOffset += wordCount * 4;
    if (typeId !== 0) this.context.noteType(resultId, typeId);
    return true;
  }

  /** Everything printed so far. */
  text(): string {
    return this.out.text();
  }

  /** Everything printed so far as UTF-8 (a view of the printer's buffer). */
  utf8(): Uint8Array {
    return this.out.utf8();
  }

  /** How much has been printed (a mark for {@link textSince} and {@link rewind}). */
  get printedLength(): number {
    return this.out.length;
  }

  /** The text printed since `mark` (a {@link printedLength}). */
  textSince(mark: number): string {
    return this.out.textFrom(mark);
  }

  /** Takes back what was printed since `mark`; what the printer learned from it stays. */
  rewind(mark: number): void {
    this.out.length = mark;
  }

  // ---------------------------------------------------------------- printing

  /**
   * spirv-dis `--comment`'s titles: a blank line, then `; Function <name>` before each function,
   * and `; Annotations`, `; Debug Information` or `; Types, variables and constants` before the
   * first instruction of that kind, wherever it is.
   */
  private sectionTitle(opcode: number, resultId: number): void {
    const section = sectionOf(opcode);
    if (section === Section.None) return;
    if (section !== Section.Function) {
      if ((this.titled & (1 << section)) !== 0) return;
      this.titled |= 1 << section;
    }
    const out = this.out;
    out.byte(NEWLINE);
    if (this.indent) out.repeat(SPACE, INDENT);
    out.ascii(SECTION_TITLES[section]);
    if (section === Section.Function) this.id(resultId);
    out.byte(NEWLINE);
  }

  /** Writes `%result = OpName %type` (indented); returns where the result type starts. */
  private head(opname: string, typeId: number, resultId: number): number {
    const out = this.out;
    if (resultId !== 0) {
      if (this.color) out.ascii(BLUE);
      if (this.indent) out.repeat(SPACE, INDENT - 4 - this.idLength(resultId));
      out.byte(PERCENT);
      this.id(resultId);
      if (this.color) out.ascii(RESET);
      out.byte(SPACE);
      out.byte(EQUALS);
      out.byte(SPACE);
    } else if (this.indent) out.repeat(SPACE, INDENT);
    out.ascii(opname);
    const beforeType = out.length;
    if (typeId !== 0) {
      out.byte(SPACE);
      if (this.color) out.ascii(YELLOW);
      out.byte(PERCENT);
      this.id(typeId);
      if (this.color) out.ascii(RESET);
    }
    return beforeType;
  }

  private endLine(wordCount: number): void {
    const out = this.out;
    if (this.offsets) {
      if (this.color) out.ascii(GREY);
      out.ascii(' ; 0x');
      out.hex8(this.byteOffset);
      if (this.color) out.ascii(RESET);
    }
    out.byte(NEWLINE);
    this.byteOffset += wordCount * 4;
  }

  /**
   * Prints the operands of `inst` (words [base, base + n) of `words`, opcode `opcode`) following
   * its operand layout, on the plain path. Gives up, taking back what it wrote, wherever the
   * grammar walker could have something to say: a word left over, a required operand missing,
   * an operand the plain path does not print, an enumerant that is unknown or takes parameters,
   * a string that does not end or does not print back.
   */
  private simpleOperands(opcode: number, words: Uint32Array, base: number, n: number): boolean {
    const out = this.out;
    const at = out.length;
    const codes = layoutCodes;
    let pos = 0;
    for (let slot = opcodeLayout[opcode]; ; slot++) {
      const code = codes[slot];
      if (code === 0) break;
      const quantity = code & 3;
      if (pos >= n) {
        if (quantity !== OperandQuantity.One) continue;
        pos = -1; // a required operand is missing
        break;
      }
      const kind = PLAIN_OPERAND[code >>> 2];
      if (kind === PlainOperand.None) {
        pos = -1;
        break;
      }
      do pos = this.simpleOperand(kind, slot, words, base, pos, n);
      while (pos > 0 && quantity === OperandQuantity.Many && pos < n);
      if (pos < 0) break;
    }
    // The operands the plain path does not print, if any, are all optional and absent, so using
    // up every word means the walker would have nothing to add.
    if (pos === n) return true;
    out.length = at;
    return false;
  }

  /** Prints one operand of layout slot `slot`, of plain kind `kind`, starting at operand word `pos`: the next position, or -1. */
  private simpleOperand(kind: number, slot: number, words: Uint32Array, base: number, pos: number, n: number): number {
    const out = this.out;
    out.byte(SPACE);
    if (kind === PlainOperand.Id) {
      out.byte(PERCENT);
      this.id(words[base + pos]);
      return pos + 1;
    }
    if (kind === PlainOperand.Integer) {
      out.uint(words[base + pos]);
      return pos + 1;
    }
    // Kept apart: function bodies hardly have these, so the common path stays short.
    return kind === PlainOperand.Enum
      ? this.simpleEnumerant(layoutKindName(layoutKinds[slot]), words[base + pos], pos)
      : this.simpleString(words, base, pos, n);
  }

  private simpleEnumerant(operandKind: string, value: number, pos: number): number {
    const text = plainEnumerantText(operandKind, value);
    if (text === undefined) return -1;
    this.out.ascii(text);
    return pos + 1;
  }

  private simpleString(words: Uint32Array, base: number, pos: number, n: number): number {
    // The search for the string's end is a function of its own: a long string (OpSource) spends
    // its time there, apart from this method's other work.
    const end = stringEnd(words, base, pos, n);
    if (end === n || !writeQuotedString(this.out, words, base + pos, end + 1 - pos)) return -1;
    return end + 1;
  }

  /** Prints the operands of `inst` through the grammar's operand walker. */
  private walk(inst: Instruction, lineStart: number, beforeType: number): void {
    const out = this.out;
    this.inst = inst;
    this.raw = false;
    this.lastOperandAt = -1;
    const problem = walkOperands(inst, this.context, this.visitor);
    if (problem === undefined && !this.raw) return;
    if (inst.opcode === Op.TypeInt || inst.opcode === Op.TypeFloat) {
      // spirv-as checks the word count of these even after a raw word.
      out.length = lineStart;
      this.rawInstruction(inst);
      return;
    }
    if (this.raw) {
      this.rawTailLines.add(this.index);
      return;
    }
    // Operands are missing: make spirv-as stop checking by writing the last token as raw words.
    if (this.lastOperandAt >= 0) {
      out.length = this.lastOperandAt;
      this.rawWords(this.lastOperandStart, this.lastOperandCount);
      this.rawTailLines.add(this.index);
    } else if (inst.typeId !== 0) {
      out.length = beforeType;
      out.ascii(' !');
      out.uint(inst.typeId);
      this.rawTailLines.add(this.index);
    } else {
      out.length = lineStart;
      this.rawInstruction(inst);
    }
  }

  /** The walker's visitor: prints one operand of `this.inst`. */
  private operand(kind: string, start: number, count: number, set: ExtInstSetInfo | undefined): void {
    if (this.raw) {
      this.rawWords(start, count);
      return;
    }
    const out = this.out;
    const inst = this.inst;
    const at = out.length;
    let ok = true;
    switch (kind) {
      case 'IdRef':
      case 'IdScope':
      case 'IdMemorySemantics':
      case 'IdResultType':
      case 'IdResult':
        out.byte(SPACE);
        if (this.color) out.ascii(YELLOW);
        out.byte(PERCENT);
        this.id(inst.word(start));
        if (this.color) out.ascii(RESET);
        break;
      case 'LiteralInteger':
        out.byte(SPACE);
        if (this.color) out.ascii(RED);
        out.uint(inst.word(start));
        if (this.color) out.ascii(RESET + RESET);
        break;
      case 'LiteralFloat':
        ok = this.spaced(formatFloat32(inst.word(start)), RED, RESET + RESET);
        break;
      case 'LiteralString':
        out.byte(SPACE);
        ok = writeQuotedString(out, inst.operands as Uint32Array, start, count); // only read; the bulk path needs its buffer;
        if (ok && this.color) {
          out.insertAscii(at + 2, GREEN);
          out.insertAscii(out.length - 1, RESET);
          out.ascii(RESET);
        }
        break;
      case 'LiteralContextDependentNumber': {
        const type = inst.opcode === Op.Switch ? this.context.typeOf(inst.word(0)) : inst.typeId;
        ok = this.spaced(this.numericTypes.format(type, inst, start, count), RED, RESET + RESET);
        break;
      }
      case 'LiteralExtInstInteger':
        ok = this.extInstNumber(inst.word(0), inst.word(start));
        break;
      case 'LiteralOpcode':
        ok = this.spaced(SPEC_OPNAMES[inst.word(start)], RED, RESET);
        break;
      case 'Unparsed':
        ok = false;
        break;
      default:
        ok = count === 1 && this.spaced(enumerantText(kind, set, inst.word(start)), '', RESET);
    }
    if (!ok) {
      out.length = at;
      this.raw = true;
      this.rawWords(start, count);
      return;
    }
    this.lastOperandAt = at;
    this.lastOperandStart = start;
    this.lastOperandCount = count;
  }

  /** Writes ` text`, between `before` and `after` when colored; false when there is no text. */
  private spaced(text: string | undefined, before = '', after = ''): boolean {
    if (text === undefined) return false;
    this.out.byte(SPACE);
    if (this.color) this.out.ascii(before);
    this.out.ascii(text);
    if (this.color) this.out.ascii(after);
    return true;
  }

  private extInstNumber(setId: number, number: number): boolean {
    const imported = this.imports.get(setId);
    if (imported === undefined) return false;
    if (imported.set !== undefined && !PRINTED_BY_NUMBER.has(imported.name)) {
      const name = extInstName(imported.set, number);
      if (name !== undefined) return this.spaced(name, RED, RESET);
    }
    // Every operand of a non-semantic instruction is an id, so the number alone is enough.
    if (!imported.name.startsWith('NonSemantic.')) return false;
    return this.spaced(String(number), RED, RESET);
  }

  private id(id: number): void {
    const name = this.names?.explicitName(id);
    if (name === undefined) this.out.uint(id);
    else this.out.ascii(name);
  }

  private idLength(id: number): number {
    const name = this.names?.explicitName(id);
    return name === undefined ? decimalDigits(id >>> 0) : name.length;
  }

  /** The whole instruction as raw words, the first (word count and opcode) in hex. */
  private rawInstruction(inst: Instruction): void {
    this.wholeRawLines.push(this.index);
    const out = this.out;
    if (this.indent) out.repeat(SPACE, INDENT);
    out.ascii('!0x');
    out.hex8((inst.wordCount << 16) | inst.opcode);
    if (inst.typeId !== 0) {
      out.ascii(' !');
      out.uint(inst.typeId);
    }
    if (inst.resultId !== 0) {
      out.ascii(' !');
      out.uint(inst.resultId);
    }
    this.inst = inst;
    this.rawWords(0, inst.operandCount);
  }

  /** Operand words [start, start + count) of `this.inst` as ` !<decimal>` each. */
  private rawWords(start: number, count: number): void {
    const out = this.out;
    const inst = this.inst;
    for (let i = start; i < start + count; i++) {
      out.ascii(' !');
      out.uint(inst.word(i));
    }
  }

  /** Records what later instructions are printed with. */
  private learn(inst: Instruction): void {
    const result = inst.resultId;
    if (result === 0) return;
    if (inst.typeId !== 0) {
      this.context.noteType(result, inst.typeId);
      return;
    }
    const opcode = inst.opcode;
    if (opcode === Op.TypeInt || opcode === Op.TypeFloat) {
      this.numericTypes.note(inst);
      this.context.note(inst);
    } else if (opcode === Op.ExtInstImport) {
      // Its name read here, not by the context's note, which would throw on a string that does
      // not end (printed as raw words, and no set is learned from it).
      const name = importName(inst);
      if (name !== undefined) {
        this.imports.set(result, { name, set: extInstSetByName(name) });
        this.context.note(inst);
      }
    }
  }
}

/** The operand word (from `pos`, below `n`) holding the zero byte that ends a string, or `n`. */
function stringEnd(words: Uint32Array, base: number, pos: number, n: number): number {
  let end = pos;
  while (end < n && !hasZeroByte(words[base + end])) end++;
  return end;
}

/** The set name of an OpExtInstImport, or undefined when its string is malformed. */
function importName(inst: Instruction): string | undefined {
  try {
    return decodeLiteralString(inst.operands, 0, inst.operandCount).value;
  } catch {
    return undefined;
  }
}

/** Names longer than this take the general path (so `plainLine` can reserve its room up front). */
const MAX_INLINE_NAME = 200;

/** Writes an ASCII string at `at`; returns the position after it. */
function writeAscii(bytes: Uint8Array, at: number, s: string): number {
  for (let i = 0; i < s.length; i++) bytes[at++] = s.charCodeAt(i);
  return at;
}

/** Writes an unsigned 32-bit integer in decimal at `at`; returns the position after it. */
function writeDecimal(bytes: Uint8Array, at: number, value: number): number {
  let v = value >>> 0;
  const end = at + decimalDigits(v);
  let i = end;
  do {
    const q = (v / 10) | 0;
    bytes[--i] = 48 + v - q * 10;
    v = q;
  } while (v !== 0);
  return end;
}
