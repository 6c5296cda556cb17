import { SpirvError, formatOffset } from '../errors/SpirvError.js';
import { instructionShape } from '../grammar/shapes.js';

// The checked step from one instruction's words to the next: what every walk over words (the
// decoder, the module index, the instruction walker, the passes' body scans) relies on.

/**
 * Word index just past the instruction at `words[pos]`: where the next one starts. Checks what a
 * walk relies on, as {@link InstructionWalker.next} does: a word count of 0 or past the end of
 * `words`, or too small for the result type and result id of the opcode, fails with a
 * {@link SpirvError}.
 *
 * The walker's step without its state, for the tightest loops: the position is a local of the
 * loop, not a walker's field (a structural scan of 4.5 MB of function bodies takes about 0.4 ms
 * this way and about 1 ms through a walker).
 *
 * @example
 * ```ts
 * // Every OpFunctionCall's callee, without decoding anything.
 * for (let pos = 0, end: number; pos < words.length; pos = end) {
 *   end = instructionEnd(words, pos);
 *   if ((words[pos] & 0xffff) === Op.FunctionCall) callees.add(words[pos + 3]);
 * }
 * ```
 */
export function instructionEnd(words: Uint32Array, pos: number): number {
  const first = words[pos];
  const end = pos + (first >>> 16);
  const shape = instructionShape[first & 0xffff];
  // The words before the operands, without a branch: SHAPE_TYPE is bit 1, SHAPE_RESULT bit 2.
  const head = 1 + ((shape >>> 1) & 1) + ((shape >>> 2) & 1);
  if (end < pos + head || end > words.length) throw badInstruction(first, pos, words.length);
  return end;
}

/**
 * The word count of the instruction at `words[pos]`, checked: it fails with a {@link SpirvError}
 * when the count is 0 (a walk would never move on) or runs past the end of `words`.
 */
export function wordCountAt(words: Uint32Array, pos: number): number {
  const wordCount = words[pos] >>> 16;
  if (wordCount === 0 || pos + wordCount > words.length) throw badInstruction(words[pos], pos, words.length);
  return wordCount;
}

// The errors are made by functions of their own so the hot paths stay small.
// Decoding reads no instruction names (they would weigh on every page that decodes), so an
// instruction is named by its opcode number, which `spvkit dis` turns into its name.

/** How an error names the instruction at word `pos` (an offset in bytes from the first word walked). */
export function placeOf(opcode: number, pos: number): string {
  return `opcode ${opcode} at ${formatOffset(pos * 4)}`;
}

function badInstruction(first: number, pos: number, limit: number): SpirvError {
  const wordCount = first >>> 16;
  const opcode = first & 0xffff;
  if (wordCount !== 0 && pos + wordCount <= limit) return tooShort(pos, opcode);
  if (wordCount === 0) {
    return new SpirvError('WORD_COUNT_ZERO', `${placeOf(opcode, pos)} has a word count of 0`, {
      offset: pos * 4,
      hint: 'the module is corrupt: every instruction has at least its opcode word',
    });
  }
  return new SpirvError('WORD_COUNT_PAST_END', `${placeOf(opcode, pos)} declares ${wordCount} words but only ${limit - pos} remain`, {
    offset: pos * 4,
    hint: 'the file is truncated or the word count is corrupt',
  });
}

function tooShort(pos: number, opcode: number): SpirvError {
  return new SpirvError('INSTRUCTION_TOO_SHORT', `${placeOf(opcode, pos)} is too short to hold its result type and result id`, {
    offset: pos * 4,
  });
}
