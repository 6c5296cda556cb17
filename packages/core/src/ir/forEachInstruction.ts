import { InstructionWalker } from './InstructionWalker.js';
import type { Instruction } from './Instruction.js';
import type { Module } from './Module.js';
import { SECTIONS } from './sections.js';

// The primitives of a word walk live beside the walker; they are re-exported here for the
// modules that import them from this one.
export { instructionAt, wordCountAt } from './InstructionWalker.js';

/** Receives the instructions of a module in binary order. */
export interface InstructionSink {
  /** An instruction (an object of the module, or a short-lived view over its words). */
  instruction(inst: Instruction): void;
  /**
   * If present, called instead of {@link instruction} for the instructions the module still
   * holds as words (the function bodies of a freshly decoded module), all at once: the sink
   * walks them itself with an {@link InstructionWalker}, and makes an object only where it
   * needs one.
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
  const walk = new InstructionWalker(words);
  while (walk.next()) sink.instruction(walk.instruction());
}

/**
 * Calls `visit` with each instruction before the functions, in binary order: what
 * `module.globalInstructions()` yields, without a generator, whose iteration allocates a result
 * object per instruction.
 */
export function forEachGlobalInstruction(module: Module, visit: (inst: Instruction) => void): void {
  for (const name of SECTIONS) {
    const list = module.section(name);
    for (let i = 0; i < list.length; i++) visit(list[i]);
  }
}
