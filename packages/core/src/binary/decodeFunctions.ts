import { SpirvError, formatOffset } from '../errors/SpirvError.js';
import { Op } from '../grammar/generated/enums.js';
import { SHAPE_RESULT, SHAPE_TYPE, instructionShape } from '../grammar/shapes.js';
import { Block } from '../ir/Block.js';
import { Function } from '../ir/Function.js';
import type { Instruction } from '../ir/Instruction.js';
import type { DecodeState } from './DecodeState.js';
import { instructionEnd } from '../words/instructionSteps.js';

/**
 * Word counts and result ids over the function region (from `start` to the end), without building
 * instructions: run at decode time, so a bad word count or a duplicate id fails in decodeModule
 * even when the bodies are decoded later.
 */
export function scanStructure(state: DecodeState, start: number): void {
  // The tightest loop of a decode: the step and the definition are written out here (calls to
  // instructionEnd and define cost more than the rest of the loop); anything amiss goes to them
  // for the error.
  const words = state.words;
  const n = words.length;
  const bound = state.bound;
  const bits = state.defined.bits;
  for (let pos = start; pos < n;) {
    const first = words[pos];
    const end = pos + (first >>> 16);
    const opcode = first & 0xffff;
    const shape = instructionShape[opcode];
    if (end < pos + 1 + ((shape >>> 1) & 1) + ((shape >>> 2) & 1) || end > n) instructionEnd(words, pos);
    if ((shape & SHAPE_RESULT) !== 0) {
      const id = words[(shape & SHAPE_TYPE) !== 0 ? pos + 2 : pos + 1];
      if (bits === undefined || id === 0 || id >= bound || (bits[id >>> 3] & (1 << (id & 7))) !== 0) state.define(pos, opcode, id);
      else bits[id >>> 3] |= 1 << (id & 7);
    }
    pos = end;
  }
}

/** Builds the functions of the region from `start` to the end. Result ids were already checked by scanStructure. */
export function decodeFunctions(state: DecodeState, start: number): { functions: Function[]; trailing: Instruction[] } {
  const functions: Function[] = [];
  // Instructions outside any function; those after the last one are the module's trailing ones.
  let pending: Instruction[] = [];
  let fnDef: Instruction | null = null;
  let preamble: Instruction[] = [];
  let leading: Instruction[] = [];
  let blocks: Block[] = [];
  let block: Block | null = null;
  const tables = state.tables;
  const checks = state.checks;
  const words = state.words;
  for (let pos = start, end: number; pos < words.length; pos = end) {
    end = instructionEnd(words, pos);
    const opcode = words[pos] & 0xffff;
    const inst = state.instructionAt(pos, end, true);
    checks.checkOperands(inst, pos, end, false);
    if (inst.typeId !== 0) tables.noteType(inst.resultId, inst.typeId);
    if (opcode === Op.Function) {
      if (fnDef !== null) throw layout(pos, 'OpFunction inside a function: the previous function has no OpFunctionEnd');
      fnDef = inst;
      leading = pending;
      pending = [];
      preamble = [];
      blocks = [];
      block = null;
    } else if (opcode === Op.FunctionEnd) {
      if (fnDef === null) throw layout(pos, 'OpFunctionEnd outside a function');
      const fn = new Function(fnDef, preamble, blocks, inst);
      fn.leading = leading;
      functions.push(fn);
      fnDef = null;
    } else if (fnDef === null) {
      pending.push(inst);
    } else if (opcode === Op.Label) {
      block = new Block(inst);
      blocks.push(block);
    } else if (block === null) {
      preamble.push(inst);
    } else {
      block.instructions.push(inst);
    }
  }
  if (fnDef !== null) throw layout(words.length, `the function %${fnDef.resultId} has no OpFunctionEnd before the end of the module`);
  return { functions, trailing: pending };
}

function layout(pos: number, message: string): SpirvError {
  return new SpirvError('BAD_FUNCTION_LAYOUT', `${message} (at ${formatOffset(pos * 4)})`, { offset: pos * 4 });
}
