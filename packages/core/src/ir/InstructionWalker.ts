import { SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../grammar/shapes.js';
import { instructionEnd } from '../words/instructionSteps.js';
import { Instruction } from './Instruction.js';

export { instructionEnd, wordCountAt } from '../words/instructionSteps.js';

/**
 * A cursor over SPIR-V instructions held as words: the walk that every word-level reader (the
 * decoder, the call graph, passes scanning undecoded function bodies) makes, its checks written
 * once, in {@link instructionEnd}, which the tightest loops call alone.
 *
 * {@link next} moves to the next instruction and fills the fields below; nothing is allocated
 * per instruction, so a walk over millions of words makes no garbage. An {@link Instruction}
 * object is made only on request ({@link instruction}), where the caller needs one.
 *
 * Each step checks the structure it relies on: a word count of zero, one that runs past the end
 * of the walk, or an instruction too short for the result type and result id its opcode has,
 * fails with a {@link SpirvError} (`WORD_COUNT_ZERO`, `WORD_COUNT_PAST_END`,
 * `INSTRUCTION_TOO_SHORT`) whose offset counts bytes from `words[0]`. Operands are not checked.
 *
 * Why a cursor rather than a callback: the loop body stays in the caller with the small
 * {@link next}; a shared loop calling back into every reader would make one indirect call per
 * instruction, through a call site every reader shares.
 *
 * @example
 * ```ts
 * // Which functions call which, from the undecoded bodies of a freshly decoded module.
 * const words = module.lazyFunctionWords();
 * if (words !== null) {
 *   const walk = new InstructionWalker(words);
 *   let current = 0;
 *   while (walk.next()) {
 *     if (walk.opcode === Op.Function) current = walk.resultId;
 *     else if (walk.opcode === Op.FunctionCall) console.log(`%${current} calls %${walk.words[walk.operandStart]}`);
 *   }
 * }
 * ```
 */
export class InstructionWalker {
  /** The words walked. */
  readonly words: Uint32Array;
  /** Word index of the current instruction's first word (its word count and opcode); 0 before the first. */
  pos = 0;
  /** Word index just past the current instruction: its word count is `end - pos`. */
  end: number;
  /** Opcode of the current instruction. */
  opcode = 0;
  /** The grammar's shape bits of the opcode ({@link SHAPE_TYPE}, {@link SHAPE_RESULT}, `SHAPE_KNOWN`). */
  shape = 0;
  /** Result type id, or 0 when the opcode has none. */
  typeId = 0;
  /** Result id, or 0 when the opcode has none. */
  resultId = 0;
  /**
   * Word index of the first operand after the result type and result id: operand `i` is
   * `words[operandStart + i]`, for `operandStart + i < end`.
   */
  operandStart = 0;

  /**
   * @param words The words to walk (a whole module's words, or only the function bodies).
   * @param start Word index of the first instruction (5 to skip a module's header). The walk
   * goes to the end of `words`, where the last instruction must end: to walk part of an array,
   * pass a `subarray` of it.
   */
  constructor(words: Uint32Array, start = 0) {
    this.words = words;
    this.end = start;
  }

  /**
   * Moves to the next instruction. Returns false, leaving the fields as they were, once the walk
   * has reached the end of the words.
   */
  next(): boolean {
    const pos = this.end;
    const words = this.words;
    if (pos >= words.length) return false;
    const end = instructionEnd(words, pos);
    const opcode = words[pos] & 0xffff;
    const shape = instructionShape[opcode];
    let at = pos + 1;
    let typeId = 0;
    let resultId = 0;
    if ((shape & SHAPE_TYPE) !== 0) typeId = words[at++];
    if ((shape & SHAPE_RESULT) !== 0) resultId = words[at++];
    this.pos = pos;
    this.end = end;
    this.opcode = opcode;
    this.shape = shape;
    this.typeId = typeId;
    this.resultId = resultId;
    this.operandStart = at;
    return true;
  }

  /**
   * The current instruction as an {@link Instruction} viewing the walked words (no copy; it
   * copies them before its first edit). What `decodeModule` builds for the same words.
   */
  instruction(): Instruction {
    return Instruction.view(this.opcode, this.typeId, this.resultId, this.words, this.operandStart, this.end - this.operandStart);
  }
}

/**
 * A view of the instruction at words `[pos, pos + wordCount)`, as the decoder builds it. For a
 * walk over many instructions, {@link InstructionWalker} does the same without re-reading shapes.
 */
export function instructionAt(words: Uint32Array, pos: number, wordCount: number): Instruction {
  const opcode = words[pos] & 0xffff;
  const shape = instructionShape[opcode];
  let at = pos + 1;
  const typeId = (shape & SHAPE_TYPE) !== 0 ? words[at++] : 0;
  const resultId = (shape & SHAPE_RESULT) !== 0 ? words[at++] : 0;
  return Instruction.view(opcode, typeId, resultId, words, at, pos + wordCount - at);
}
