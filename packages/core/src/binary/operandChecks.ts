import { SpirvError } from '../errors/SpirvError.js';
import { instructionOperands } from '../grammar/shapes.js';
import type { Instruction } from '../ir/Instruction.js';
import type { OperandTables } from '../ir/OperandTables.js';
import { walkOperands } from '../ir/operands.js';
import { instructionAt } from '../ir/InstructionWalker.js';
import { placeOf } from '../words/instructionSteps.js';
import { hasZeroByte, terminatorWord } from '../words/literalString.js';

/** Strings shorter than this many words are searched for their end in the check itself. */
const SHORT_STRING_WORDS = 16;

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
    const plan = checkPlan(inst.opcode);
    if (plan !== null) this.checkPlanned(plan, inst.opcode, inst.typeId, end - inst.operandCount, pos, end, strings);
    else this.checkWalked(inst, pos, end, strings);
  }

  /**
   * {@link checkOperands} with strings, for the instruction at words [pos, end) whose operands
   * start at `operandStart`, without building it (unless the grammar walker must see it).
   */
  checkWords(pos: number, end: number, opcode: number, typeId: number, operandStart: number): void {
    const plan = checkPlan(opcode);
    if (plan !== null) this.checkPlanned(plan, opcode, typeId, operandStart, pos, end, true);
    else this.checkWalked(instructionAt(this.words, pos, end - pos), pos, end, true);
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
          if (id >= bound) throw idOutOfBound(pos, opcode, id, 'operand', bound, p * 4);
          p++;
        } else if (kind === K_WORD) p++;
        else if (kind === K_STRING) {
          // A string that is the last operand (OpSource's text, a name) is terminated if the
          // instruction's last word has a zero byte, wherever the first one is: nothing after it
          // is checked. Megabytes of source text are not searched.
          if (i === plan.length - 1 && quantifier !== Q_MANY && hasZeroByte(words[end - 1])) return;
          // A short string (a name) is searched here, without a call per name; a long one
          // (OpSource) by terminatorWord's native byte search.
          let q = p;
          if (end - p < SHORT_STRING_WORDS) {
            while (q < end && !hasZeroByte(words[q])) q++;
          } else q = terminatorWord(words, p, end);
          if (q === end) {
            // The walker stops at an unterminated string.
            if (strings) throw unterminatedString(pos, opcode);
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
