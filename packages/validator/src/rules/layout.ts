import { Op, OpcodePlace, findBlocks, headerSection, opcodeName, opcodePlace, type BlockFault, type BlockStructure, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';
import { Section } from '../scan/opcodeClasses.js';

const name = (op: number): string => opcodeName(op) ?? `opcode ${op}`;

/**
 * Checks the logical layout (SPIR-V 2.4): the module-level sections in order, one OpMemoryModel,
 * globals before functions, the shape of functions and blocks, OpVariable first in the entry
 * block, OpPhi first in its block. Returns the functions and blocks core's walk found, also where
 * the layout is broken (as far as they can be told apart).
 */
export function checkLayout(scan: ModuleIndex, reporter: Reporter): BlockStructure {
  const { count, opcode, resultId } = scan;
  let section: Section = Section.Capability;
  let memoryModels = 0;
  /** Whether only OpVariables (and debug lines) have been seen in the current block so far. */
  let variablesOpen = false;
  /** Whether only OpPhis (and OpLines) have been seen in the current block so far. */
  let phisOpen = false;
  const faults: Record<BlockFault, (i: number) => void> = {
    'unterminated-block': (i) => reporter.report('spvkit-layout-block', i, () => `the last block of the function has no terminator before OpFunctionEnd`),
    'function-in-function': (i) =>
      reporter.report('spvkit-layout-function', i, () => `OpFunction inside a function: the previous function has no OpFunctionEnd`),
    'global-in-function': (i) => reporter.report('spvkit-layout-in-function', i, () => `${name(opcode[i])} may not appear in a function body`),
    'late-parameter': (i) => reporter.report('spvkit-layout-function', i, () => `OpFunctionParameter must come right after OpFunction, before the first block`),
    'label-in-block': (i) => reporter.report('spvkit-layout-block', i, () => `block ${'%'}${resultId[i]} starts before the previous block has a terminator`),
    'outside-block': (i) => reporter.report('spvkit-layout-block', i, () => `${name(opcode[i])} is not inside a block: a block starts with OpLabel`),
    'unterminated-function': (i) => reporter.report('spvkit-layout-function', i, () => `the module ends inside a function: OpFunctionEnd is missing`),
  };
  const outside = (i: number): void => {
    const op = opcode[i];
    const place = opcodePlace[op];
    if (op === Op.MemoryModel) memoryModels++;
    // Debug lines and non-semantic instructions may also come between functions.
    if (section === Section.Functions && (op === Op.Line || op === Op.NoLine || (op === Op.ExtInst && scan.debugSets.has(scan.words[scan.operandStart[i]]))))
      return;
    const wanted = place === OpcodePlace.Header ? (headerSection[op] as Section) : place === OpcodePlace.Body ? Section.Functions : Section.Globals;
    if (place === OpcodePlace.Body) {
      reporter.report('spvkit-layout-outside-function', i, () => `${name(op)} must be inside a function body`);
      return;
    }
    if (op === Op.ExtInst && !scan.debugSets.has(scan.words[scan.operandStart[i]])) {
      reporter.report(
        'spvkit-layout-order',
        i,
        () => `${name(op)} of a semantic instruction set may appear only in a function body; among the globals only non-semantic ones`,
      );
      return;
    }
    // An instruction ahead of its section, followed by one of the section it left (an OpName
    // among the capabilities), is the one out of place: blame it alone and stay in the section,
    // rather than every instruction after it.
    if (wanted > section && i + 1 < count) {
      const next = sectionAt(scan, i + 1);
      if (next >= section && next < wanted) {
        reporter.report('spvkit-layout-order', i, () => `${name(op)} is out of the order of the logical layout: its section comes later`);
        return;
      }
    }
    if (wanted < section) {
      const afterFunctions = section === Section.Functions; // read now: the message is made later
      reporter.report('spvkit-layout-order', i, () =>
        afterFunctions ? `${name(op)} must come before the first function` : `${name(op)} is out of the order of the logical layout: its section comes earlier`,
      );
      return;
    }
    section = wanted;
  };
  const inBlock = (i: number, _block: number, entry: boolean): void => {
    const op = opcode[i];
    if (op === Op.Variable) {
      if (!variablesOpen)
        reporter.report('spvkit-layout-variable', i, () => `OpVariable in a function must be among the first instructions of the function's first block`);
    } else {
      variablesOpen = false;
    }
    if (op === Op.Phi) {
      if (!phisOpen) {
        reporter.report('spvkit-layout-phi', i, () =>
          entry
            ? `OpPhi may not be in the first block of a function (it has no predecessors)`
            : `OpPhi must come before every other instruction of its block but OpLine`,
        );
      }
    } else {
      phisOpen = false;
    }
  };
  const structure = findBlocks(scan, {
    outside,
    functionStart: () => {
      section = Section.Functions;
    },
    blockStart: (_i, _block, entry) => {
      variablesOpen = entry;
      phisOpen = !entry;
    },
    inBlock,
    debugInFunction: (i) => {
      // spirv-val lets OpLine come between OpVariables, but no non-semantic instruction.
      if (opcode[i] === Op.ExtInst) variablesOpen = false;
    },
    fault: (fault, i) => {
      if (fault === 'global-in-function' && opcode[i] === Op.MemoryModel) memoryModels++;
      faults[fault](i);
    },
  });
  if (memoryModels !== 1) {
    reporter.report('spvkit-layout-memory-model', memoryModels === 0 ? -1 : firstOf(scan, Op.MemoryModel, 2), () =>
      memoryModels === 0 ? 'the module has no OpMemoryModel' : `the module has ${memoryModels} OpMemoryModel instructions; exactly one is required`,
    );
  }
  return structure;
}

/** The section instruction `i` belongs in, as the walk outside functions sees it (functions for a body instruction). */
function sectionAt(scan: ModuleIndex, i: number): Section {
  const op = scan.opcode[i];
  const place = opcodePlace[op];
  if (op === Op.Function || place === OpcodePlace.Body) return Section.Functions;
  return place === OpcodePlace.Header ? headerSection[op] : Section.Globals;
}

/** The instruction number of the `nth` (1-based) instruction with opcode `op`. */
function firstOf(scan: ModuleIndex, op: number, nth: number): number {
  let seen = 0;
  for (let i = 0; i < scan.count; i++) if (scan.opcode[i] === op && ++seen === nth) return i;
  return -1;
}
