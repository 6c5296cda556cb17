import type { Instruction } from './Instruction.js';

/**
 * A basic block: its OpLabel and the instructions after it, up to and including its terminator
 * (and anything a producer placed between the terminator and the next label, so nothing is lost).
 */
export class Block {
  label: Instruction;
  instructions: Instruction[];

  constructor(label: Instruction, instructions: Instruction[] = []) {
    this.label = label;
    this.instructions = instructions;
  }

  /** The label's result id. */
  get id(): number {
    return this.label.resultId;
  }
}
