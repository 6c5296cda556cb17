import { Op } from '../grammar/index.js';
import type { Block } from './Block.js';
import type { Instruction } from './Instruction.js';

/**
 * A function: its OpFunction, the instructions before the first block (OpFunctionParameter and any
 * debug lines), its blocks, and its OpFunctionEnd.
 */
export class Function {
  /** Instructions between the previous function (or the globals) and OpFunction: debug lines such as OpLine. */
  leading: Instruction[] = [];
  definition: Instruction;
  /** Instructions between OpFunction and the first OpLabel, in order: parameters and debug lines. */
  preamble: Instruction[];
  blocks: Block[];
  end: Instruction;

  constructor(definition: Instruction, preamble: Instruction[], blocks: Block[], end: Instruction) {
    this.definition = definition;
    this.preamble = preamble;
    this.blocks = blocks;
    this.end = end;
  }

  /** The function's result id. */
  get id(): number {
    return this.definition.resultId;
  }

  /** Its OpFunctionParameter instructions. */
  get parameters(): Instruction[] {
    return this.preamble.filter((i) => i.opcode === Op.FunctionParameter);
  }

  /** Every instruction of the function in binary order, OpFunction and OpFunctionEnd included. */
  *allInstructions(): IterableIterator<Instruction> {
    yield* this.leading;
    yield this.definition;
    yield* this.preamble;
    for (const b of this.blocks) {
      yield b.label;
      yield* b.instructions;
    }
    yield this.end;
  }
}
