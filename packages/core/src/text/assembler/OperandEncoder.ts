import { Op, SHAPE_RESULT, instructionShape, isTypeDeclaration, knownOpcodes } from '../../grammar/index.js';
import { AssemblerGrammar, type ExtInstSetEntry, type OpcodeEntry } from './AssemblerGrammar.js';
import { isAvailable, versionName } from './availability.js';
import type { EnumEntry, EnumTable } from './EnumTable.js';
import type { IdTable } from './IdTable.js';
import { CH_PERCENT, CH_QUOTE, type Lexer } from './Lexer.js';
import { LiteralError, asciiText } from './LiteralError.js';
import { didYouMean } from './nearestNames.js';
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
  RESULT_ID,
  VARIABLE_ID,
  type OperandType,
} from './OperandType.js';
import type { ParseErrorContext } from './ParseErrorContext.js';
import { encodeFloat } from './parseFloat.js';
import { encodeInteger, parseUint32 } from './parseInteger.js';
import { encodeString, looksNumeric } from './parseString.js';
import type { SourceText } from './SourceText.js';

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
 * Turns the operand words of one instruction into its binary words, one operand kind at a time,
 * as spirv-as does (SPIRV-Tools `spvTextEncodeOperand`): ids, literal numbers (as wide as their
 * type for OpConstant and OpSwitch), strings, enumerants and flag masks with the operands they
 * bring (`Aligned 4`), OpExtInst's instruction, OpSpecConstantOp's opcode, `!<integer>` words.
 *
 * It holds the instruction's words and the stack of operands still expected (spirv-as's pattern
 * stack: an operand that brings more pushes them), which InstructionParser pops and fills word by
 * word; and what the text has defined so far that decides how an operand encodes: the types
 * (literal widths) and the imported instruction sets.
 */
export class OperandEncoder {
  /** The instruction's words; word 0 (count and opcode) is written when it is complete. */
  w = new Uint32Array(256);
  n = 0;
  opcode = 0;
  entry: OpcodeEntry | undefined;
  /** The expected operands, last read first; `sp` is its height. */
  stack: OperandType[] = new Array<OperandType>(64).fill(CIV);
  sp = 0;

  private resultTypeId = 0;
  private typeStart = 0;
  private typeEnd = 0;
  /** The set of the OpExtInst being read (its fourth word). */
  private extSet: ExtInstSetEntry | undefined;

  // What the text has defined so far.
  private readonly types = new Map<number, number>();
  private valueTypes: Uint32Array;
  private readonly farValueTypes = new Map<number, number>();
  private readonly extSets = new Map<number, ExtInstSetEntry>();

  private readonly bytes: Uint8Array;
  private readonly grammar = AssemblerGrammar.get();

  constructor(
    source: SourceText,
    private readonly lx: Lexer,
    private readonly ids: IdTable,
    private readonly version: number,
    private readonly errors: ParseErrorContext,
  ) {
    this.bytes = source.bytes;
    // Value types by id: ids are numbered from 1 in order, about one per 90 bytes of spirv-dis
    // text. Sized for that with room to spare, so assembling such a text never takes the path
    // that grows it.
    this.valueTypes = new Uint32Array(Math.min(DENSE_IDS, Math.max(1024, source.end >>> 6)));
  }

  /** A new instruction with opcode `entry`: its operands are expected, word 1 is next. */
  begin(entry: OpcodeEntry): void {
    this.n = 1;
    this.entry = entry;
    this.opcode = entry.opcode;
    this.resultTypeId = 0;
    this.extSet = undefined;
    this.sp = 0;
    this.pushAll(entry.pattern, entry.pattern.length);
  }

  /** New `!<integer>` words, no opcode known: word 0 is next. */
  beginWords(): void {
    this.n = 0;
    this.entry = undefined;
    this.opcode = -1;
  }

  /** A `*` operand popped from the stack: it goes back, with what follows one more of it. */
  expand(t: OperandType): void {
    this.sp++;
    this.pushAll(t.expansion!, t.expansion!.length);
  }

  /** Encodes the word at [s, e) as operand `t`. */
  encode(t: OperandType, s: number, e: number): void {
    const b = this.bytes;
    switch (t.code) {
      case OPERAND_ID:
      case OPERAND_TYPE_ID: {
        if (b[s] !== CH_PERCENT) {
          this.errors.fail(s, e, `expected an id (%name) for ${t.kind}, found '${this.errors.text(s, e)}'`, this.errors.kindHint(t));
        }
        this.encodeId(t, s, e, this.ids.lookup(b, s + 1, e));
        return;
      }
      case OPERAND_LITERAL_INTEGER:
        this.check(encodeInteger(b, s, e, 32, false, this.room(2), this.n), s, e, t);
        return;
      case OPERAND_LITERAL_FLOAT:
        this.check(encodeFloat(b, s, e, 32, this.room(2), this.n), s, e, t);
        return;
      case OPERAND_TYPED_NUMBER:
        this.encodeTypedNumber(t, s, e);
        return;
      case OPERAND_LITERAL_STRING:
        this.encodeStringOperand(t, s, e);
        return;
      case OPERAND_VALUE_ENUM:
        this.encodeValueEnum(t, s, e);
        return;
      case OPERAND_BIT_ENUM:
        this.encodeBitEnum(t, s, e);
        return;
      case OPERAND_EXT_INST:
        this.encodeExtInst(s, e);
        return;
      case OPERAND_SPEC_CONSTANT_OP:
        this.encodeSpecConstantOp(s, e);
        return;
      case OPERAND_CIV:
        this.encodeCiv(s, e);
        if (this.sp === 0) this.push(CIV);
        return;
      case OPERAND_RESULT_ID:
        // Only reached when the opcode has a result but the text gave none (reported before).
        this.errors.fail(s, e, `unexpected result id position`);
    }
  }

  /** The id at [s, e), whose name is `index` in the id table (-1: not a valid name), as operand `t`. */
  encodeId(t: OperandType, s: number, e: number, index: number): void {
    if (index < 0) this.errors.badId(s, e);
    this.ids.use(index, s);
    const id = this.ids.id(index);
    if (t.code === OPERAND_TYPE_ID) {
      this.resultTypeId = id;
      this.typeStart = s;
      this.typeEnd = e;
    }
    this.emitId(id, s, e);
  }

  /** Appends id `id`, written at [s, e). */
  emitId(id: number, s: number, e: number): void {
    this.room(1)[this.n++] = id;
    // The set of an OpExtInst (its fourth word) decides how its instruction operand reads.
    if (this.n === 4 && (this.opcode === Op.ExtInst || this.opcode === OP_EXT_INST_WITH_FORWARD_REFS)) {
      const set = this.extSets.get(id);
      if (set === undefined) {
        this.errors.fail(
          s,
          e,
          `${this.errors.text(s, e)} is not a set imported with OpExtInstImport`,
          'import the set first: %glsl = OpExtInstImport "GLSL.std.450"',
        );
      }
      this.extSet = set;
    }
  }

  /** A `!<integer>` word: one word, as written. */
  encodeImmediate(s: number, e: number): void {
    const v = parseUint32(asciiText(this.bytes, s + 1, e));
    if (v === undefined) {
      this.errors.fail(s, e, `invalid immediate word '${this.errors.text(s, e)}'`, 'one 32-bit word: !42, !0x1F or !017');
    }
    this.room(1)[this.n++] = v;
  }

  /** After an `!<integer>` operand, the rest of the instruction is read as numbers, strings or ids (spirv-as `spvAlternatePatternFollowingImmediate`). */
  useAlternatePattern(): void {
    const stack = this.stack;
    let depth = -1;
    for (let i = this.sp - 1; i >= 0; i--) {
      if (stack[i].code === OPERAND_RESULT_ID) {
        depth = this.sp - 1 - i;
        break;
      }
    }
    this.sp = 0;
    this.push(CIV);
    if (depth < 0) return;
    this.push(RESULT_ID);
    for (let i = 0; i < depth; i++) this.push(CIV);
  }

  /** A word after `!<integer>`: a 32-bit number, else a string, else an id. */
  encodeCiv(s: number, e: number): void {
    const b = this.bytes;
    const r = this.encodeUntypedNumber(s, e);
    if (typeof r === 'number') {
      this.n += r;
      return;
    }
    if (b[s] === CH_QUOTE && !looksNumeric(b, s, e)) {
      this.encodeStringOperand(CIV, s, e);
      return;
    }
    if (b[s] === CH_PERCENT) {
      const index = this.ids.lookup(b, s + 1, e);
      if (index < 0) this.errors.badId(s, e);
      this.ids.use(index, s);
      this.emitId(this.ids.id(index), s, e);
      return;
    }
    this.errors.fail(s, e, `invalid word after !<integer>: '${this.errors.text(s, e)}'`, 'after !<integer>: numbers, "strings" or %ids');
  }

  /**
   * The instruction's `n` words are complete, the text from `start` to `end`: a type it defines
   * is recorded for the widths of later literals, a value's type for OpSwitch.
   */
  recordDefinition(start: number, end: number): void {
    const opcode = this.opcode;
    if (GENERATES_TYPE[opcode] === 1) this.recordType(start, end);
    else if (this.entry!.spec.hasResultType && this.n >= 3) this.setValueType(this.w[2], this.w[1]);
  }

  /** The word buffer with room for `k` more words. */
  room(k: number): Uint32Array {
    if (this.n + k > this.w.length) {
      let size = this.w.length * 2;
      while (size < this.n + k) size *= 2;
      const grown = new Uint32Array(size);
      grown.set(this.w);
      this.w = grown;
    }
    return this.w;
  }

  // ------------------------------------------------------------------ operand kinds

  /** A 32-bit number whose kind comes from its text: a float if it has a point, signed if it has a minus sign. */
  private encodeUntypedNumber(s: number, e: number): number | LiteralError {
    const b = this.bytes;
    let dot = false;
    for (let i = s; i < e; i++) {
      if (b[i] === 0x2e) {
        dot = true;
        break;
      }
    }
    const out = this.room(2);
    if (dot) return encodeFloat(b, s, e, 32, out, this.n);
    return encodeInteger(b, s, e, 32, b[s] === 0x2d, out, this.n);
  }

  private encodeTypedNumber(t: OperandType, s: number, e: number): void {
    const b = this.bytes;
    let info: number | undefined;
    let isConstant = false;
    if (this.opcode === Op.Constant || this.opcode === Op.SpecConstant) {
      info = this.types.get(this.resultTypeId);
      isConstant = true;
      if (info === undefined || (info & 3) === TYPE_OTHER) {
        this.errors.fail(
          s,
          e,
          `the type of ${this.entry!.spec.opname} must be an integer or float scalar type defined before it`,
          info === undefined
            ? `${this.errors.text(this.typeStart, this.typeEnd)} is not a type defined earlier in the text`
            : `${this.errors.text(this.typeStart, this.typeEnd)} is not an OpTypeInt or OpTypeFloat`,
        );
      }
    } else if (this.opcode === Op.Switch) {
      info = this.types.get(this.valueTypeOf(this.w[1]));
      if (info === undefined || (info & 3) !== TYPE_INT) {
        this.errors.fail(s, e, 'OpSwitch selects on an integer value defined before it', "case literals are as wide as the selector's type");
      }
    } else {
      this.check(this.encodeUntypedNumber(s, e), s, e, t);
      return;
    }
    const width = info >>> 8;
    const out = this.room(3);
    const r = (info & 3) === TYPE_FLOAT ? encodeFloat(b, s, e, width, out, this.n) : encodeInteger(b, s, e, width, (info & 4) !== 0, out, this.n);
    if (typeof r !== 'number') {
      this.errors.fail(
        s,
        e,
        `${r.message} (${isConstant ? `the result type ${this.errors.text(this.typeStart, this.typeEnd)}` : "the selector's type"})`,
        r.hint,
      );
    }
    this.n += r;
  }

  private encodeStringOperand(t: OperandType, s: number, e: number): void {
    const b = this.bytes;
    if (looksNumeric(b, s, e)) {
      this.errors.fail(
        s,
        e,
        `expected a string for ${t.kind}, found the number ${this.errors.text(s, e)}`,
        `write strings in double quotes: "${this.errors.text(s, e)}"`,
      );
    }
    if (e === this.lx.end && this.lx.unclosedQuote(s, e) >= 0) this.errors.unterminatedString(s);
    const at = this.n;
    // Long strings (OpSource) are not searched for backslashes again: the lexer knows where the next one is.
    const r = encodeString(b, s, e, this.room(((e - s) >>> 2) + 2), at, this.errors.warnCEscape, e - s >= 66 ? this.lx.backslashFrom(s) : undefined);
    if (typeof r !== 'number') this.errors.fail(s, e, r.message, r.hint);
    this.n += r;
    if (this.opcode === Op.ExtInstImport && at === 2) {
      const name = this.stringAt(at, r);
      const set = this.grammar.extInstSet(name);
      if (set === undefined) {
        this.errors.fail(
          s,
          e,
          `unknown extended instruction set '${name}'`,
          didYouMean(this.errors.nearest(name, this.grammar.extInstSetNames())) ??
            `known sets: ${this.grammar.extInstSetNames().join(', ')}; and any NonSemantic.*`,
        );
      }
      this.extSets.set(this.w[1], set);
    }
  }

  private encodeValueEnum(t: OperandType, s: number, e: number): void {
    const table = t.enums!;
    const entry = table.byName(this.bytes, s, e);
    if (entry === undefined) {
      const v = this.numericValue(s, e);
      if (v === undefined) this.errors.unknownEnumerant(table, s, e);
      this.room(1)[this.n++] = v;
      const known = table.value(v);
      if (known !== undefined) this.pushParams(table, known);
      return;
    }
    if (!isAvailable(entry.range, this.version)) this.errors.unavailable(s, e, `${table.kind} ${entry.spec.name}`, versionName(entry.range.minVersion));
    this.room(1)[this.n++] = entry.spec.value;
    if (entry.spec.parameters.length !== 0) this.pushParams(table, entry);
  }

  private encodeBitEnum(t: OperandType, s: number, e: number): void {
    const table = t.enums!;
    const b = this.bytes;
    let value = 0;
    let p = s;
    for (;;) {
      let q = p;
      while (q < e && b[q] !== 0x7c) q++;
      if (q === p) {
        this.errors.fail(
          s,
          e,
          `empty ${table.kind} flag in '${this.errors.text(s, e)}'`,
          `join flags with a single '|' and no spaces: ${table.primaryNames().slice(1, 3).join('|')}`,
        );
      }
      const entry = table.byName(b, p, q);
      if (entry !== undefined) {
        if (!isAvailable(entry.range, this.version)) this.errors.unavailable(p, q, `${table.kind} ${entry.spec.name}`, versionName(entry.range.minVersion));
        value |= entry.spec.value;
      } else {
        const v = this.numericValue(p, q);
        if (v === undefined) this.errors.unknownEnumerant(table, p, q);
        value |= v;
      }
      if (q === e) break;
      p = q + 1;
    }
    value >>>= 0;
    this.room(1)[this.n++] = value;
    this.errors.flagsRead(table, s, e);
    // Operands of the set bits follow in order of increasing bit: push the highest first.
    for (let bit = 31; bit >= 0; bit--) {
      const mask = (1 << bit) >>> 0;
      if ((value & mask) === 0) continue;
      const entry = table.value(mask);
      if (entry !== undefined && entry.spec.parameters.length !== 0) this.pushParams(table, entry);
    }
  }

  private pushParams(table: EnumTable, entry: EnumEntry): void {
    const params = table.paramsOf(entry);
    this.pushAll(params, params.length);
  }

  private encodeExtInst(s: number, e: number): void {
    const set = this.extSet;
    const b = this.bytes;
    if (set === undefined) this.errors.fail(s, e, `no extended instruction set to look '${this.errors.text(s, e)}' up in`);
    const i = set.names.get(b, s, e);
    if (i >= 0) {
      const inst = set.instructions[i];
      this.room(1)[this.n++] = inst.spec.opcode;
      this.pushAll(inst.pattern, inst.pattern.length);
      return;
    }
    const number = this.numericValue(s, e);
    const setName = set.spec?.name ?? 'this non-semantic set';
    if (number === undefined) {
      const names = set.instructions.map((x) => x.spec.opname);
      this.errors.fail(
        s,
        e,
        `unknown instruction '${this.errors.text(s, e)}' in ${setName}`,
        didYouMean(this.errors.nearest(this.errors.text(s, e), names)) ??
          (names.length === 0 ? 'spvkit does not know this set: give its instructions by number' : undefined),
      );
    }
    this.room(1)[this.n++] = number;
    // spirv-as reads a non-semantic instruction given by number as a list of ids.
    if (set.nonSemantic) {
      this.push(VARIABLE_ID);
      return;
    }
    const known = set.byNumber.get(number);
    if (known === undefined) this.errors.fail(s, e, `${setName} has no instruction number ${number}`);
    this.pushAll(known.pattern, known.pattern.length);
  }

  private encodeSpecConstantOp(s: number, e: number): void {
    const entry = this.grammar.specConstantOpcode(this.bytes, s, e);
    if (entry === undefined) {
      const name = this.errors.text(s, e);
      const list = this.grammar.specConstantOpcodeNames();
      const base = name.startsWith('Op') ? name.slice(2) : name;
      this.errors.fail(
        s,
        e,
        `'${name}' is not an operation OpSpecConstantOp accepts`,
        list.includes(base) ? `write the opcode without Op: ${base}` : (didYouMean(this.errors.nearest(name, list)) ?? `accepted: ${list.join(', ')}`),
      );
    }
    this.room(1)[this.n++] = entry.opcode;
    const tail = entry.pattern;
    // The opcode's own result type and result id are OpSpecConstantOp's: skip them (the bottom two).
    this.pushAll(tail, tail.length - 2);
  }

  // ------------------------------------------------------------------ helpers

  private push(t: OperandType): void {
    if (this.sp === this.stack.length) this.stack.push(t);
    else this.stack[this.sp] = t;
    this.sp++;
  }

  /** Pushes `list[0, count)` in order (lists are kept in push order). */
  private pushAll(list: readonly OperandType[], count: number): void {
    while (this.sp + count > this.stack.length) this.stack.push(CIV);
    const stack = this.stack;
    let sp = this.sp;
    for (let i = 0; i < count; i++) stack[sp++] = list[i]!;
    this.sp = sp;
  }

  /** A word read as a number where spirv-as wants a name (a spvkit extension: `Volatile|0x10`, `OpExtInst ... 31`). */
  private numericValue(s: number, e: number): number | undefined {
    const c = this.bytes[s];
    if (c < 0x30 || c > 0x39) return undefined;
    return parseUint32(asciiText(this.bytes, s, e));
  }

  private check(r: number | LiteralError, s: number, e: number, t: OperandType): void {
    if (typeof r === 'number') {
      this.n += r;
      return;
    }
    this.errors.fail(s, e, `${r.message} (${t.kind})`, r.hint);
  }

  private recordType(start: number, end: number): void {
    const w = this.w;
    const n = this.n;
    const opcode = this.opcode;
    let info = typeInfo(TYPE_OTHER, 0, false);
    if (opcode === Op.TypeInt) {
      if (n !== 4) this.errors.fail(start, end, 'OpTypeInt takes a width and a signedness');
      info = typeInfo(TYPE_INT, w[2], w[3] !== 0);
    } else if (opcode === Op.TypeFloat) {
      // With a floating-point encoding (OpTypeFloat 16 BFloat16KHR) the bits are not IEEE: no literals.
      if (n === 3) info = typeInfo(TYPE_FLOAT, w[2], false);
      else if (n !== 4) this.errors.fail(start, end, 'OpTypeFloat takes a width and an optional encoding');
    }
    this.types.set(w[1], info);
  }

  private setValueType(id: number, type: number): void {
    if (id < DENSE_IDS) {
      if (id >= this.valueTypes.length) {
        let size = this.valueTypes.length * 2;
        while (size <= id) size *= 2;
        const grown = new Uint32Array(Math.min(size, DENSE_IDS));
        grown.set(this.valueTypes);
        this.valueTypes = grown;
      }
      if (this.valueTypes[id] === 0) this.valueTypes[id] = type;
    } else if (!this.farValueTypes.has(id)) this.farValueTypes.set(id, type);
  }

  private valueTypeOf(id: number): number {
    if (id < DENSE_IDS) return id < this.valueTypes.length ? this.valueTypes[id] : 0;
    return this.farValueTypes.get(id) ?? 0;
  }

  private stringAt(at: number, words: number): string {
    const bytes: number[] = [];
    for (let i = 0; i < words * 4; i++) {
      const c = (this.w[at + (i >>> 2)] >>> ((i & 3) * 8)) & 0xff;
      if (c === 0) break;
      bytes.push(c);
    }
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
}
