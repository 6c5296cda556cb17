import { Op } from '../grammar/generated/enums.js';
import { SHAPE_KNOWN, instructionShape } from '../grammar/shapes.js';
import type { Module } from '../ir/Module.js';
import { GLOBALS_SECTION, SECTIONS, naturalSection } from '../ir/sections.js';
import type { DecodeState } from './DecodeState.js';
import { HEADER_WORDS } from '../words/header.js';
import { instructionAt } from '../ir/InstructionWalker.js';
import { instructionEnd } from '../words/instructionSteps.js';
import { hasZeroByte } from '../words/literalString.js';

const DEBUG_STRINGS = SECTIONS.indexOf('debugStrings');
const DEBUG_NAMES = SECTIONS.indexOf('debugNames');
const DEBUG_MODULE_PROCESSED = SECTIONS.indexOf('debugModuleProcessed');

/**
 * Decodes the sections before the functions into `module`, checked: they are small and every
 * analysis needs them (the debug sections, checked too, are held as words until one is read).
 * Returns where the functions start: the first OpFunction, or the end when there is none.
 */
export function decodeGlobals(module: Module, state: DecodeState): number {
  const words = state.words;
  const bound = state.bound;
  const checks = state.checks;
  let section = 0;
  const end = words.length;
  let start = end;
  // The words of the debug sections.
  let debugStart = -1;
  let debugEnd = -1;
  const globals = module.globals;
  // The decoder walks with instructionEnd, the step of InstructionWalker without its state: the
  // position stays in a local (a register) and a page that only decodes carries no walker.
  for (let pos = HEADER_WORDS, next: number; pos < end; pos = next) {
    next = instructionEnd(words, pos);
    const opcode = words[pos] & 0xffff;
    if (opcode === Op.Function) {
      start = pos;
      break;
    }
    if (opcode === Op.Name && section <= DEBUG_NAMES && next - pos >= 3 && words[pos + 1] < bound && hasZeroByte(words[next - 1])) {
      // OpName, three in four instructions before the functions of a -g module, checked here
      // without the calls of the general path (whose checks it passes: its target is below the
      // bound, its string ends in its last word): for most of a -g module's globals, the general
      // path's calls cost more than this check.
      section = DEBUG_NAMES;
      if (debugStart < 0) debugStart = pos;
      debugEnd = next;
      continue;
    }
    if (opcode === Op.Constant && section <= GLOBALS_SECTION) {
      // OpConstant, most of the rest: its value is a number as wide as its type, which the
      // operand check only steps over (where it is missing, the walk ends), so only its ids are
      // checked, by instructionAt.
      const inst = state.instructionAt(pos, next, false);
      globals.push(inst);
      state.noteGlobal(inst, pos);
      section = GLOBALS_SECTION;
      continue;
    }
    const natural = naturalSection(opcode, (instructionShape[opcode] & SHAPE_KNOWN) !== 0);
    if (natural > section) section = natural;
    if (section >= DEBUG_STRINGS && section <= DEBUG_MODULE_PROCESSED) {
      // The debug sections are checked here and built when first read (Module.lazyDebugWords):
      // they are one run of words, since the sections only move forward.
      state.checkWords(pos, next, opcode);
      if (debugStart < 0) debugStart = pos;
      debugEnd = next;
      continue;
    }
    const inst = state.instructionAt(pos, next, false);
    checks.checkOperands(inst, pos, next, true);
    module[SECTIONS[section]].push(inst);
    // Only imports, types, constants and variables tell the tables anything (the names and
    // decorations, most of a -g module's globals, are skipped without a call).
    if (natural === GLOBALS_SECTION || opcode === Op.ExtInstImport) state.noteGlobal(inst, pos);
  }

  if (debugStart >= 0) module.setLazyDebug({ words, start: debugStart, end: debugEnd, materialize: (m) => debugSections(m, words, debugStart, debugEnd) });
  return start;
}

/** Builds the debug sections of `module` from words [start, end), checked by decodeGlobals, as its loop would have built them. */
function debugSections(module: Module, words: Uint32Array, start: number, end: number): void {
  let section = -1;
  for (let pos = start, next: number; pos < end; pos = next) {
    next = instructionEnd(words, pos);
    const opcode = words[pos] & 0xffff;
    const natural = naturalSection(opcode, (instructionShape[opcode] & SHAPE_KNOWN) !== 0);
    if (natural > section) section = natural;
    module[SECTIONS[section]].push(instructionAt(words, pos, next - pos));
  }
}
