import { SpirvError } from '../errors/SpirvError.js';
import { SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../grammar/index.js';
import { Instruction } from './Instruction.js';
import type { Module } from './Module.js';
import { SECTIONS } from './sections.js';

/** Receives the instructions of a module in binary order. */
export interface InstructionSink {
  /** An instruction (an object of the module, or a short-lived view over its words). */
  instruction(inst: Instruction): void;
  /**
   * If present, called instead of {@link instruction} for the instructions the module still
   * holds as words (the function bodies of a freshly decoded module), all at once: the sink
   * walks them itself with {@link wordCountAt}, and makes an object only where it needs one,
   * with {@link instructionAt}.
   */
  region?(words: Uint32Array): void;
}

/**
 * Passes every instruction of `module` to `sink` in binary order, as `module.instructions()`
 * yields them, without making the module decode the function bodies it still holds as words.
 * Materializing them would keep an object per instruction alive for the garbage collector to
 * trace and copy, which on a large module costs more than the disassembly itself; it also
 * leaves the module as it was.
 */
export function forEachInstruction(module: Module, sink: InstructionSink): void {
  const words = module.lazyFunctionWords();
  if (words === null) {
    for (const inst of module.instructions()) sink.instruction(inst);
    return;
  }
  forEachGlobalInstruction(module, (inst) => sink.instruction(inst));
  if (sink.region !== undefined) {
    sink.region(words);
    return;
  }
  for (let pos = 0; pos < words.length;) {
    const wordCount = wordCountAt(words, pos);
    sink.instruction(instructionAt(words, pos, wordCount));
    pos += wordCount;
  }
}

/**
 * Calls `visit` with each instruction before the functions, in binary order: what
 * `module.globalInstructions()` yields, without a generator, whose iteration allocates a result
 * object per instruction while the engine has not optimized it (all of one command-line run).
 */
export function forEachGlobalInstruction(module: Module, visit: (inst: Instruction) => void): void {
  for (const name of SECTIONS) {
    const list = module.section(name);
    for (let i = 0; i < list.length; i++) visit(list[i]);
  }
}

/**
 * The word count of the instruction at `words[pos]`. The decoder has already checked the
 * structure of the words a module holds (every count non-zero and within the region, room for
 * the result type and id), so this only guards against looping forever on anything else.
 */
export function wordCountAt(words: Uint32Array, pos: number): number {
  const wordCount = words[pos] >>> 16;
  if (wordCount === 0 || pos + wordCount > words.length) {
    throw new SpirvError(
      wordCount === 0 ? 'WORD_COUNT_ZERO' : 'WORD_COUNT_PAST_END',
      `the instruction at word ${pos} of the function bodies has a word count of ${wordCount}, and ${words.length - pos} words are left`,
    );
  }
  return wordCount;
}

/** A view of the instruction at words [pos, pos + wordCount), as the decoder would build it. */
export function instructionAt(words: Uint32Array, pos: number, wordCount: number): Instruction {
  const opcode = words[pos] & 0xffff;
  const shape = instructionShape[opcode];
  let at = pos + 1;
  const typeId = (shape & SHAPE_TYPE) !== 0 ? words[at++] : 0;
  const resultId = (shape & SHAPE_RESULT) !== 0 ? words[at++] : 0;
  return Instruction.view(opcode, typeId, resultId, words, at, pos + wordCount - at);
}
