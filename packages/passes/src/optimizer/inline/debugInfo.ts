import { Op, type Instruction, type Module } from '@spvkit/core';
import { importedSets } from '../../strip/extInstSets.js';

// Instruction numbers of NonSemantic.Shader.DebugInfo.100 (those below 100 shared with
// OpenCL.DebugInfo.100).
export const DEBUG_SCOPE = 23;
export const DEBUG_NO_SCOPE = 24;
export const DEBUG_DECLARE = 28;
export const DEBUG_FUNCTION_DEFINITION = 101;
export const DEBUG_LINE = 103;
export const DEBUG_NO_LINE = 104;

/**
 * The ids of the module's imports of NonSemantic.Shader.DebugInfo.100 and OpenCL.DebugInfo.100:
 * the sets whose scopes and declarations the inline passes know.
 *
 * @example
 * ```ts
 * const sets = debugSets(module);
 * if (isDebugInstruction(inst, sets, DEBUG_SCOPE)) scope = inst;
 * ```
 */
export function debugSets(module: Module): Set<number> {
  const ids = new Set<number>();
  for (const [id, name] of importedSets(module)) if (name === 'NonSemantic.Shader.DebugInfo.100' || name === 'OpenCL.DebugInfo.100') ids.add(id);
  return ids;
}

/** Whether `inst` is instruction `number` of one of the debug sets. */
export function isDebugInstruction(inst: Instruction, sets: ReadonlySet<number>, number: number): boolean {
  return inst.opcode === Op.ExtInst && inst.operandCount >= 2 && inst.word(1) === number && sets.has(inst.word(0));
}

/** Whether `inst` is a DebugFunctionDefinition, which must stay in its function's entry block. */
export function isDebugFunctionDefinition(inst: Instruction, sets: ReadonlySet<number>): boolean {
  return isDebugInstruction(inst, sets, DEBUG_FUNCTION_DEFINITION);
}
