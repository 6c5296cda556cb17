import type { Instruction } from '../ir/Instruction.js';
import type { Module } from '../ir/Module.js';

/**
 * Each instruction of `module` by its index in binary order: how the analyses' snapshots name
 * instructions, so that a cached analysis pointing at an instruction no longer in the module
 * shows as such in the consistency check.
 */
export function positionsOf(module: Module): Map<Instruction, number> {
  const at = new Map<Instruction, number>();
  let i = 0;
  // Bodies still held as words have no instruction objects for an analysis to point at: leave
  // them undecoded, so checking a module does not change it.
  const all = module.hasLazyFunctions ? module.globalInstructions() : module.instructions();
  for (const inst of all) at.set(inst, i++);
  return at;
}

/** `#index opcode`, or `detached opcode` for an instruction not in the module. */
export function positionText(at: ReadonlyMap<Instruction, number>, inst: Instruction): string {
  const i = at.get(inst);
  return `${i === undefined ? 'detached' : `#${i}`} op${inst.opcode}`;
}
