import type { Block } from './Block.js';
import type { Function } from './Function.js';
import type { Instruction } from './Instruction.js';
import type { InstructionHome, InstructionLocator } from './InstructionLocator.js';
import type { Module } from './Module.js';
import type { ChangePlace } from './ModuleChange.js';
import type { SectionName } from './sections.js';
import { SpirvError } from '../errors/SpirvError.js';

// The edits of a module's instructions behind Module.insert and the rest, given the module and the
// locator that says where its instructions are. Each tells the analyses about itself through
// Module.changed. Plain functions: they hold no state of their own, the module's methods call them.

export function insert(
  module: Module,
  locator: InstructionLocator,
  where: SectionName | Block | Function,
  instructions: readonly Instruction[],
  index: number | undefined,
): void {
  const home = homeOf(module, where);
  home.list.splice(index ?? home.list.length, 0, ...instructions);
  for (const inst of instructions) added(module, locator, inst, home);
}

/** Inserts `instructions` at `offset` from `anchor`: 0 before it, 1 after it. */
export function insertNextTo(module: Module, locator: InstructionLocator, anchor: Instruction, offset: number, instructions: readonly Instruction[]): void {
  const { home, index } = locate(locator, anchor);
  home.list.splice(index + offset, 0, ...instructions);
  for (const inst of instructions) added(module, locator, inst, home);
}

export function replace(module: Module, locator: InstructionLocator, inst: Instruction, replacements: readonly Instruction[]): void {
  const { home, index } = locate(locator, inst);
  home.list.splice(index, 1, ...replacements);
  removed(module, locator, inst, home);
  for (const r of replacements) added(module, locator, r, home);
}

export function removeWhere(module: Module, locator: InstructionLocator, where: SectionName | Block | Function, drop: (inst: Instruction) => boolean): number {
  const home = homeOf(module, where);
  const list = home.list;
  const gone: Instruction[] = [];
  let kept = 0;
  for (let i = 0; i < list.length; i++) {
    const inst = list[i];
    if (drop(inst)) gone.push(inst);
    else list[kept++] = inst;
  }
  list.length = kept;
  for (const inst of gone) removed(module, locator, inst, home);
  return gone.length;
}

export function replaceIn(
  module: Module,
  locator: InstructionLocator,
  where: SectionName | Block | Function,
  map: (inst: Instruction) => readonly Instruction[] | undefined,
): number {
  const home = homeOf(module, where);
  const old = home.list.slice();
  const list = home.list;
  list.length = 0;
  let replaced = 0;
  for (const inst of old) {
    const r = map(inst);
    if (r === undefined) {
      list.push(inst);
      continue;
    }
    replaced++;
    removed(module, locator, inst, home);
    for (const x of r) {
      list.push(x);
      added(module, locator, x, home);
    }
  }
  return replaced;
}

/** Tells the analyses that `inst`, which is in the module, had the operands of `before` until now. */
export function operandsEdited(module: Module, locator: InstructionLocator, inst: Instruction, before: Instruction): void {
  module.changed({ kind: 'operands', place: placeOf(module, locator, inst), instruction: inst, before });
}

export function addFunction(module: Module, locator: InstructionLocator, fn: Function): void {
  module.functions.push(fn);
  for (const inst of fn.allInstructions()) module.changed({ kind: 'added', place: 'functions', instruction: inst });
  locator.reset();
}

export function removeFunction(module: Module, locator: InstructionLocator, fn: Function): void {
  const functions = module.functions;
  const index = functions.indexOf(fn);
  if (index < 0) throw new SpirvError('NOT_IN_MODULE', `function %${fn.id} is not in the module`);
  functions.splice(index, 1);
  for (const inst of fn.allInstructions()) module.changed({ kind: 'removed', place: 'functions', instruction: inst });
  locator.reset();
}

function added(module: Module, locator: InstructionLocator, inst: Instruction, home: InstructionHome): void {
  locator.placed(inst, home);
  module.changed({ kind: 'added', place: home.place, instruction: inst });
}

function removed(module: Module, locator: InstructionLocator, inst: Instruction, home: InstructionHome): void {
  locator.left(inst);
  module.changed({ kind: 'removed', place: home.place, instruction: inst });
}

function locate(locator: InstructionLocator, inst: Instruction): { home: InstructionHome; index: number } {
  const found = locator.find(inst);
  if (found === undefined) {
    throw new SpirvError(
      'NOT_IN_MODULE',
      `${describe(inst)} is not in the module (an OpFunction, OpLabel or OpFunctionEnd is edited with its function or block)`,
    );
  }
  return found;
}

/** The part of the module `inst` is in, OpFunction, OpLabel and OpFunctionEnd included. */
function placeOf(module: Module, locator: InstructionLocator, inst: Instruction): ChangePlace {
  const found = locator.find(inst);
  if (found !== undefined) return found.home.place;
  for (const fn of module.hasLazyFunctions ? [] : module.functions) {
    if (fn.definition === inst || fn.end === inst || fn.blocks.some((b) => b.label === inst)) return 'functions';
  }
  throw new SpirvError('NOT_IN_MODULE', `${describe(inst)} is not in the module; edit a detached instruction with its own setOperands / setWord`);
}

function homeOf(module: Module, where: SectionName | Block | Function): InstructionHome {
  if (typeof where === 'string') return { list: module[where], place: where };
  if ('preamble' in where) return { list: where.preamble, place: 'functions', fn: where };
  return { list: where.instructions, place: 'functions' };
}

function describe(inst: Instruction): string {
  return `opcode ${inst.opcode}${inst.resultId !== 0 ? ` %${inst.resultId}` : ''}`;
}
