import { versionName } from './availability.js';
import type { DiagnosticList } from './DiagnosticList.js';
import type { EnumTable } from './EnumTable.js';
import { CH_PERCENT, CH_QUOTE } from './Lexer.js';
import { didYouMean, nearestNames } from './nearestNames.js';
import {
  OPERAND_BIT_ENUM,
  OPERAND_EXT_INST,
  OPERAND_ID,
  OPERAND_LITERAL_FLOAT,
  OPERAND_LITERAL_INTEGER,
  OPERAND_LITERAL_STRING,
  OPERAND_SPEC_CONSTANT_OP,
  OPERAND_TYPED_NUMBER,
  OPERAND_TYPE_ID,
  OPERAND_VALUE_ENUM,
  type OperandType,
} from './OperandType.js';
import type { SourceText } from './SourceText.js';

/**
 * Thrown (and caught by InstructionParser.parseAll) once an instruction's error is recorded. One
 * instance, made once: an Error captures a stack trace when it is made, and a text with thousands
 * of errors would pay for one each (the fuzz suite's allocation limit caught it).
 */
class Abort extends Error {}
export const ABORT = new Abort('instruction aborted: its error is recorded');

/**
 * What the assembler's parser knows when it reports an error, and how it reports one: the text to
 * quote (cut short when long), the names to suggest, the target environment to name, and the
 * previous instruction, so a word left over after its operands is reported as that and not as a
 * bad opcode. The diagnostics it records are located (file, line, column, the source line for the
 * caret) by the {@link DiagnosticList}.
 *
 * {@link fail} records an error and abandons the instruction (it throws {@link ABORT});
 * {@link error} records one and lets parsing go on. Messages that belong to one check are written
 * where the check is; those shared by several, here.
 */
export class ParseErrorContext {
  /** Set by the error that abandons an instruction: when >= 0, recovery resumes on the line after this offset. */
  resumeLineOf = -1;
  /** Line where the previous complete instruction ended; -1 after an error (no previous instruction to blame). */
  previousLine = -1;
  private previousOpname = '';
  /** The flags operand (`None|Inline`) of the previous instruction, for "join them with '|'" hints. */
  private previousFlags: EnumTable | undefined;
  private previousFlagsStart = 0;
  private previousFlagsEnd = 0;
  /** The flags operand of the instruction being read, until it is complete. */
  private flags: EnumTable | undefined;
  private flagsStart = 0;
  private flagsEnd = 0;
  /**
   * Did-you-mean searches left: a text of garbage can have thousands of errors, and comparing each
   * with every name (every id of a large module) would take minutes.
   */
  private suggestionBudget = 100;
  private readonly bytes: Uint8Array;

  constructor(
    private readonly source: SourceText,
    private readonly diagnostics: DiagnosticList,
    private readonly version: number,
    private readonly envName: string,
  ) {
    this.bytes = source.bytes;
  }

  // ------------------------------------------------------------------ recording

  /** Records an error and abandons the instruction. */
  fail(start: number, end: number, message: string, hint?: string): never {
    this.diagnostics.error(start, end, message, hint);
    this.resumeLineOf = -1;
    throw ABORT;
  }

  /** Records an error; the instruction goes on. */
  error(start: number, end: number, message: string, hint?: string): void {
    this.diagnostics.error(start, end, message, hint);
  }

  /** `file:line:column` of a byte offset, for messages that point elsewhere ("first defined at ..."). */
  where(pos: number): string {
    return this.diagnostics.where(pos);
  }

  // ------------------------------------------------------------------ what the messages say

  /** The text of a word for a message, cut short when it is long. */
  text(s: number, e: number): string {
    return e - s > 80 ? `${this.source.slice(s, s + 60)}…` : this.source.slice(s, e);
  }

  /** Did-you-mean candidates for `name`, while the budget lasts (then none). */
  nearest(name: string, candidates: readonly string[]): string[] {
    if (this.suggestionBudget <= 0) return [];
    this.suggestionBudget--;
    return nearestNames(name, candidates);
  }

  /** At least `count` more did-you-mean searches (the undefined ids, reported once the text is read, get their own). */
  allowSuggestions(count: number): void {
    this.suggestionBudget = Math.max(this.suggestionBudget, count);
  }

  /** What a word of operand `t` looks like, for hints. */
  kindHint(t: OperandType): string | undefined {
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

  // ------------------------------------------------------------------ the previous instruction

  /** The instruction being read has a flags operand at [s, e). */
  flagsRead(table: EnumTable, s: number, e: number): void {
    this.flags = table;
    this.flagsStart = s;
    this.flagsEnd = e;
  }

  /** An instruction is complete: it becomes the previous one. */
  instructionRead(opname: string, line: number): void {
    this.previousOpname = opname;
    this.previousLine = line;
    this.previousFlags = this.flags;
    this.previousFlagsStart = this.flagsStart;
    this.previousFlagsEnd = this.flagsEnd;
    this.flags = undefined;
  }

  /** Parsing resumed after an error: what follows is not read as part of any instruction before it. */
  recovered(): void {
    this.previousLine = -1;
    this.flags = undefined;
  }

  // ------------------------------------------------------------------ errors found in several places

  /** A `%` word that is not a valid id. */
  badId(s: number, e: number): never {
    this.fail(s, e, `invalid id '${this.text(s, e)}'`, 'ids are % and letters, digits or _, e.g. %main or %12');
  }

  /** A result type or result id of 0: under preserveNumericIds `%0` keeps the number 0, which no id may have. */
  zeroId(instStart: number, instEnd: number): never {
    this.fail(instStart, instEnd, 'id 0 is never a valid result type or result id', 'with preserveNumericIds, %0 stays 0: number ids from 1');
  }

  /** `opname` ended (at the end of the text, or at the next instruction) before operand `t`; `at` is the end of its last word. */
  missingOperand(opname: string, t: OperandType, atEnd: boolean, at: number): never {
    const found = atEnd ? 'the end of the text' : 'the next instruction';
    this.fail(at, at + 1, `${opname} is missing an operand: expected ${t.kind}, found ${found}`, this.kindHint(t));
  }

  /** `what` (an opcode or enumerant) needs SPIR-V `needs` (a version, maybe "or an extension"), not the target's. */
  unavailable(s: number, e: number, what: string, needs: string): never {
    this.fail(
      s,
      e,
      `${what} is not available in ${versionName(this.version)} (target environment ${this.envName})`,
      `it needs ${needs}; choose a newer target environment`,
    );
  }

  unknownEnumerant(table: EnumTable, s: number, e: number): never {
    const name = this.text(s, e);
    const suggestions = this.nearest(name, table.allNames());
    const names = table.primaryNames();
    this.fail(
      s,
      e,
      `unknown ${table.kind} '${name}'`,
      didYouMean(suggestions) ?? `${table.kind} is one of ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', ...' : ''}`,
    );
  }

  /**
   * A string word that runs to the end of the text with a quote still open. Strings may span
   * lines, so a missing closing quote pairs the string with the next quote in the file and
   * swallows everything in between: the error points at where the word's string starts, and
   * reading resumes on the next line, where the swallowed text is read again.
   */
  unterminatedString(s: number): never {
    const quote = this.bytes.indexOf(CH_QUOTE, s);
    this.diagnostics.error(
      quote,
      quote + 1,
      'unterminated string: the closing " is missing',
      'strings may span lines, so this one runs to the end of the text; write a quote in a string as \\"',
    );
    this.resumeLineOf = quote;
    throw ABORT;
  }

  /** The first word of an instruction, at [s, e) on `line`, is neither an opcode nor `%id =`. */
  notAnInstruction(s: number, e: number, line: number): never {
    const word = this.text(s, e);
    if (line === this.previousLine && this.previousOpname !== '') {
      const flags = this.previousFlags;
      const flag = flags?.byName(this.bytes, s, e) !== undefined;
      this.fail(
        s,
        e,
        `unexpected '${word}' after the operands of ${this.previousOpname}`,
        flag
          ? `to combine ${flags.kind} flags, join them with '|' and no spaces: ${this.text(this.previousFlagsStart, this.previousFlagsEnd)}|${word}`
          : `${this.previousOpname} takes no more operands here`,
      );
    }
    this.fail(s, e, `expected an opcode or '%id =', found '${word}'`, this.bytes[s] === CH_PERCENT ? `write '${word} = OpName ...'` : undefined);
  }

  /** Warns of a C escape in a string (`\\n` is the letter n to spirv-as). One function for all strings, not a closure per string. */
  readonly warnCEscape = (p: number): void => {
    this.diagnostics.warning(
      p,
      p + 2,
      `'${this.text(p, p + 2)}' is the letter '${String.fromCharCode(this.bytes[p + 1])}' here: in spirv-as strings a backslash keeps the next character as it is`,
      'write \\\\ for a backslash, line breaks as they are',
    );
  };
}
