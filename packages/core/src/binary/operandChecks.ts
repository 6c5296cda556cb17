import { SpirvError } from '../errors/SpirvError.js';
import type { Instruction } from '../ir/Instruction.js';
import type { OperandTables } from '../ir/OperandTables.js';
import { walkOperands } from '../ir/operands.js';
import { instructionAt } from '../ir/InstructionWalker.js';
import { placeOf } from '../words/instructionSteps.js';
import { hasZeroByte, terminatorWord } from '../words/literalString.js';
import { OperandClass, OperandQuantity, layoutCodes, opcodeLayout } from '../words/operandLayout.js';

/** Strings shorter than this many words are searched for their end in the check itself. */
const SHORT_STRING_WORDS = 16;

/**
 * The operand checks of one decode: every id operand below the bound, every string terminated.
 * `tables` gives the widths of the numbers as wide as their type, filled as the decode goes.
 */
export class OperandChecks {
  constructor(
    private readonly words: Uint32Array,
    private readonly bound: number,
    private readonly tables: OperandTables,
  ) {}

  /** Checks every id operand is below the bound and every string is terminated. */
  checkOperands(inst: Instruction, pos: number, end: number, strings: boolean): void {
    if (!this.checkLaidOut(inst.opcode, inst.typeId, end - inst.operandCount, pos, end, strings)) this.checkWalked(inst, pos, end, strings);
  }

  /**
   * {@link checkOperands} with strings, for the instruction at words [pos, end) whose operands
   * start at `operandStart`, without building it (unless the grammar walker must see it).
   */
  checkWords(pos: number, end: number, opcode: number, typeId: number, operandStart: number): void {
    if (!this.checkLaidOut(opcode, typeId, operandStart, pos, end, true)) this.checkWalked(instructionAt(this.words, pos, end - pos), pos, end, true);
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
    if (bad >= 0) throw idOutOfBound(pos, inst.opcode, inst.word(bad), 'operand', bound, (end - inst.operandCount + bad) * 4);
    if (strings && problem?.kind === 'unterminated-string') throw unterminatedString(pos, inst.opcode);
  }

  /**
   * {@link checkOperands} over the words themselves, following the opcode's operand layout
   * (words/operandLayout.ts): the walk the grammar walker makes for ids, one-word literals,
   * strings and OpConstant-style numbers, with the same result. The walker allocates and calls
   * back per operand, which costs more than the rest of decoding the instructions before the
   * functions. Returns whether it checked the instruction: false at an operand of another class
   * (an enumerant, which may bring operands of its own, a pair, ...), having checked the operands
   * before it as the walker checks them; the walker then checks the instruction from its start.
   */
  private checkLaidOut(opcode: number, typeId: number, operandStart: number, pos: number, end: number, strings: boolean): boolean {
    const words = this.words;
    const bound = this.bound;
    const codes = layoutCodes;
    let p = operandStart;
    for (let slot = opcodeLayout[opcode]; ; slot++) {
      const code = codes[slot];
      // Words left over are not operands: the walker reports them without checking them.
      if (code === 0) return true;
      const quantity = code & 3;
      if (p >= end) {
        if (quantity === OperandQuantity.One) return true; // a missing operand ends the walk: no more ids to check
        continue;
      }
      const cls = code >>> 2;
      do {
        if (cls <= OperandClass.Semantics) {
          const id = words[p];
          if (id >= bound) throw idOutOfBound(pos, opcode, id, 'operand', bound, p * 4);
          p++;
        } else if (cls === OperandClass.Integer || cls === OperandClass.Float) p++;
        else if (cls === OperandClass.String) {
          // A string that is the last operand (OpSource's text, a name) is terminated if the
          // instruction's last word has a zero byte, wherever the first one is: nothing after it
          // is checked. Megabytes of source text are not searched.
          if (codes[slot + 1] === 0 && quantity !== OperandQuantity.Many && hasZeroByte(words[end - 1])) return true;
          // A short string (a name) is searched here, without a call per name; a long one
          // (OpSource) by terminatorWord's native byte search.
          let q = p;
          if (end - p < SHORT_STRING_WORDS) {
            while (q < end && !hasZeroByte(words[q])) q++;
          } else q = terminatorWord(words, p, end);
          if (q === end) {
            // The walker stops at an unterminated string.
            if (strings) throw unterminatedString(pos, opcode);
            return true;
          }
          p = q + 1;
        } else if (cls === OperandClass.Number) {
          // A number as wide as the result type (OpConstant, OpSpecConstant).
          const width = this.tables.typeWidth(typeId);
          const count = width > 32 ? Math.ceil(width / 32) : width > 0 ? 1 : end - p;
          if (p + count > end) return true; // missing: the walk ends
          p += count;
        } else return false;
      } while (quantity === OperandQuantity.Many && p < end);
    }
  }
}

/** The error for `id`, the `what` id of the instruction at `pos`, at or above the module's bound. */
export function idOutOfBound(pos: number, opcode: number, id: number, what: string, bound: number, offset = pos * 4): SpirvError {
  return new SpirvError('ID_OUT_OF_BOUND', `${placeOf(opcode, pos)} uses ${what} id %${id}, which is not below the module's id bound ${bound}`, {
    offset,
    hint: 'the module is corrupt, or the header bound is wrong',
  });
}

function unterminatedString(pos: number, opcode: number): SpirvError {
  return new SpirvError('UNTERMINATED_STRING', `${placeOf(opcode, pos)}: a literal string has no terminating nul byte before the end of the instruction`, {
    offset: pos * 4,
    hint: 'the word count is probably too small, or the string was not nul-terminated',
  });
}
