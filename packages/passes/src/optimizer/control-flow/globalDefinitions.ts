import type { Instruction, Module } from '@spvkit/core';

/**
 * The module's types, constants and global variables by result id: what a pass needs to read a
 * branch condition's constant or a value's type, without building the def-use tables of every
 * function body (seconds on a module of thousands of functions).
 *
 * @example
 * ```ts
 * const globals = globalDefinitions(module);
 * const condition = globals.get(branch.word(0)); // OpConstantTrue, or undefined
 * ```
 */
export function globalDefinitions(module: Module): Map<number, Instruction> {
  const defs = new Map<number, Instruction>();
  for (const inst of module.globals) if (inst.resultId !== 0) defs.set(inst.resultId, inst);
  return defs;
}
