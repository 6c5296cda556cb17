import { Op, SHAPE_KNOWN, instructionShape } from '../../grammar/index.js';
import { Block } from '../../ir/Block.js';
import { Function } from '../../ir/Function.js';
import type { Instruction } from '../../ir/Instruction.js';
import type { Module } from '../../ir/Module.js';
import { SECTIONS, naturalSection } from '../../ir/sections.js';

/**
 * Places the instructions before the first OpFunction into the module's logical-layout sections,
 * as `decodeModule` does: each goes to its section, never moving back to an earlier one, so
 * encoding keeps the text's order exactly.
 */
export class GlobalsBuilder {
  private section = 0;

  constructor(private readonly module: Module) {}

  add(inst: Instruction): void {
    const opcode = inst.opcode;
    const natural = naturalSection(opcode, (instructionShape[opcode] & SHAPE_KNOWN) !== 0);
    if (natural > this.section) this.section = natural;
    this.module[SECTIONS[this.section]].push(inst);
  }
}

/**
 * Builds functions from the instructions from the first OpFunction on, in order, as
 * `decodeModule` does: OpFunction, its preamble (parameters, debug lines), blocks from each
 * OpLabel, OpFunctionEnd; instructions between functions go to the next function's `leading`,
 * those after the last one to `trailing`. The layout was checked while assembling
 * ({@link InstructionRegion}); anything left open is closed here so nothing is lost.
 */
export class FunctionBuilder {
  private pending: Instruction[] = [];
  private fn: Function | null = null;
  private block: Block | null = null;
  private readonly functions: Function[] = [];

  add(inst: Instruction): void {
    const opcode = inst.opcode;
    if (opcode === Op.Function) {
      if (this.fn !== null) this.close(null);
      this.fn = new Function(inst, [], [], inst);
      this.fn.leading = this.pending;
      this.pending = [];
      this.block = null;
    } else if (opcode === Op.FunctionEnd && this.fn !== null) {
      this.close(inst);
    } else if (this.fn === null) {
      this.pending.push(inst);
    } else if (opcode === Op.Label) {
      this.block = new Block(inst);
      this.fn.blocks.push(this.block);
    } else if (this.block === null) {
      this.fn.preamble.push(inst);
    } else {
      this.block.instructions.push(inst);
    }
  }

  finish(): { functions: Function[]; trailing: Instruction[] } {
    if (this.fn !== null) this.close(null);
    return { functions: this.functions, trailing: this.pending };
  }

  private close(end: Instruction | null): void {
    const fn = this.fn!;
    if (end !== null) fn.end = end;
    this.functions.push(fn);
    this.fn = null;
    this.block = null;
  }
}
