import { Op, opcodeName } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';
import type { ModuleScan } from '../scan/ModuleScan.js';
import { Place, Section, isTerminator, placeOf, sectionOf } from '../scan/opcodeClasses.js';

/**
 * The functions and blocks the layout walk found: what the SSA rules and the control-flow graph
 * are built on. Blocks are numbered in binary order across the module.
 */
export interface Structure {
  /** Per instruction: the block it is in, or -1 (outside blocks). */
  readonly blockOf: Int32Array;
  /** Per instruction: the function it is in (OpFunction to OpFunctionEnd), or -1. */
  readonly functionOf: Int32Array;
  /** Per block: the instruction number of its OpLabel. */
  readonly blockLabel: Int32Array;
  /** Per block: the instruction number of its terminator, or -1 when it has none. */
  readonly blockEnd: Int32Array;
  /** Per function: its first block number and one past its last. */
  readonly functionBlocks: readonly { readonly definition: number; readonly first: number; readonly end: number }[];
}

const name = (op: number): string => opcodeName(op) ?? `opcode ${op}`;

/** In a function: before the first block, in a block, between a terminator and the next label. */
const enum State {
  Outside,
  Parameters,
  InBlock,
  AfterTerminator,
}

/**
 * Checks the logical layout (SPIR-V 2.4): the module-level sections in order, one OpMemoryModel,
 * globals before functions, the shape of functions and blocks, OpVariable first in the entry
 * block, OpPhi first in its block. Returns the functions and blocks it found, also where the
 * layout is broken (as far as they can be told apart).
 */
export function checkLayout(scan: ModuleScan, reporter: Reporter): Structure {
  const { count, opcode, resultId } = scan;
  const blockOf = new Int32Array(count).fill(-1);
  const functionOf = new Int32Array(count).fill(-1);
  const labels: number[] = [];
  const ends: number[] = [];
  const functionBlocks: { definition: number; first: number; end: number }[] = [];
  let section: Section = Section.Capability;
  let memoryModels = 0;
  let state = State.Outside;
  let fn = -1;
  let block = -1;
  /** Whether only OpVariables (and debug lines) have been seen in the current block so far. */
  let variablesOpen = false;
  /** Whether only OpPhis (and OpLines) have been seen in the current block so far. */
  let phisOpen = false;
  const closeFunction = (): void => {
    if (fn >= 0) functionBlocks[functionBlocks.length - 1].end = labels.length;
    fn = -1;
    state = State.Outside;
  };
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    const place = placeOf[op] as Place;
    if (op === Op.MemoryModel) memoryModels++;
    if (state === State.Outside) {
      if (op === Op.Function) {
        section = Section.Functions;
        fn = functionBlocks.length;
        functionBlocks.push({ definition: i, first: labels.length, end: labels.length });
        functionOf[i] = fn;
        state = State.Parameters;
        continue;
      }
      // Debug lines and non-semantic instructions may also come between functions.
      if (section === Section.Functions && (op === Op.Line || op === Op.NoLine || (op === Op.ExtInst && scan.debugSets.has(scan.words[scan.operandStart[i]]))))
        continue;
      const wanted = place === Place.Header ? (sectionOf[op] as Section) : place === Place.Body ? Section.Functions : Section.Globals;
      if (place === Place.Body) {
        reporter.report('spvkit-layout-outside-function', i, () => `${name(op)} must be inside a function body`);
        continue;
      }
      if (op === Op.ExtInst && !scan.debugSets.has(scan.words[scan.operandStart[i]])) {
        reporter.report(
          'spvkit-layout-order',
          i,
          () => `${name(op)} of a semantic instruction set may appear only in a function body; among the globals only non-semantic ones`,
        );
        continue;
      }
      // An instruction ahead of its section, followed by one of the section it left (an OpName
      // among the capabilities), is the one out of place: blame it alone and stay in the section,
      // rather than every instruction after it.
      if (wanted > section && i + 1 < count) {
        const next = sectionAt(scan, i + 1);
        if (next >= section && next < wanted) {
          reporter.report('spvkit-layout-order', i, () => `${name(op)} is out of the order of the logical layout: its section comes later`);
          continue;
        }
      }
      if (wanted < section) {
        const afterFunctions = section === Section.Functions; // read now: the message is made later
        reporter.report('spvkit-layout-order', i, () =>
          afterFunctions
            ? `${name(op)} must come before the first function`
            : `${name(op)} is out of the order of the logical layout: its section comes earlier`,
        );
        continue;
      }
      section = wanted;
      continue;
    }
    // Inside a function.
    functionOf[i] = fn;
    if (op === Op.FunctionEnd) {
      if (state === State.InBlock) reporter.report('spvkit-layout-block', i, () => `the last block of the function has no terminator before OpFunctionEnd`);
      closeFunction();
      continue;
    }
    if (op === Op.Function) {
      reporter.report('spvkit-layout-function', i, () => `OpFunction inside a function: the previous function has no OpFunctionEnd`);
      closeFunction();
      i--; // read it again as the start of a function
      continue;
    }
    if (op === Op.Line || op === Op.NoLine || (op === Op.ExtInst && scan.debugSets.has(scan.words[scan.operandStart[i]]))) {
      if (block >= 0 && state === State.InBlock) blockOf[i] = block;
      // spirv-val lets OpLine come between OpVariables, but no non-semantic instruction.
      if (op === Op.ExtInst) variablesOpen = false;
      continue;
    }
    if (place === Place.Header || place === Place.Global) {
      reporter.report('spvkit-layout-in-function', i, () => `${name(op)} may not appear in a function body`);
      continue;
    }
    if (op === Op.FunctionParameter) {
      if (state !== State.Parameters)
        reporter.report('spvkit-layout-function', i, () => `OpFunctionParameter must come right after OpFunction, before the first block`);
      continue;
    }
    if (op === Op.Label) {
      if (state === State.InBlock)
        reporter.report('spvkit-layout-block', i, () => `block ${'%'}${resultId[i]} starts before the previous block has a terminator`);
      block = labels.length;
      labels.push(i);
      ends.push(-1);
      blockOf[i] = block;
      variablesOpen = block === functionBlocks[fn].first;
      phisOpen = !variablesOpen;
      state = State.InBlock;
      continue;
    }
    if (state !== State.InBlock) {
      reporter.report('spvkit-layout-block', i, () => `${name(op)} is not inside a block: a block starts with OpLabel`);
      continue;
    }
    blockOf[i] = block;
    if (op === Op.Variable) {
      if (!variablesOpen)
        reporter.report('spvkit-layout-variable', i, () => `OpVariable in a function must be among the first instructions of the function's first block`);
    } else {
      variablesOpen = false;
    }
    if (op === Op.Phi) {
      if (!phisOpen) {
        const entry = block === functionBlocks[fn].first;
        reporter.report('spvkit-layout-phi', i, () =>
          entry
            ? `OpPhi may not be in the first block of a function (it has no predecessors)`
            : `OpPhi must come before every other instruction of its block but OpLine`,
        );
      }
    } else {
      phisOpen = false;
    }
    if (isTerminator[op] !== 0) {
      ends[block] = i;
      state = State.AfterTerminator;
    }
  }
  if (fn >= 0) {
    reporter.report('spvkit-layout-function', Math.max(0, count - 1), () => `the module ends inside a function: OpFunctionEnd is missing`);
    closeFunction();
  }
  if (memoryModels !== 1) {
    reporter.report('spvkit-layout-memory-model', memoryModels === 0 ? -1 : firstOf(scan, Op.MemoryModel, 2), () =>
      memoryModels === 0 ? 'the module has no OpMemoryModel' : `the module has ${memoryModels} OpMemoryModel instructions; exactly one is required`,
    );
  }
  return { blockOf, functionOf, blockLabel: Int32Array.from(labels), blockEnd: Int32Array.from(ends), functionBlocks };
}

/** The section instruction `i` belongs in, as the walk outside functions sees it (functions for a body instruction). */
function sectionAt(scan: ModuleScan, i: number): Section {
  const op = scan.opcode[i];
  const place = placeOf[op] as Place;
  if (op === Op.Function || place === Place.Body) return Section.Functions;
  return place === Place.Header ? sectionOf[op] : Section.Globals;
}

/** The instruction number of the `nth` (1-based) instruction with opcode `op`. */
function firstOf(scan: ModuleScan, op: number, nth: number): number {
  let seen = 0;
  for (let i = 0; i < scan.count; i++) if (scan.opcode[i] === op && ++seen === nth) return i;
  return -1;
}
