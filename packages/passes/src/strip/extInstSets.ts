import { decodeLiteralString, type Module } from '@spvkit/core';

/** The extended instruction sets that are debug information: what strip-debug removes. */
export const DEBUG_INFO_SETS: ReadonlySet<string> = new Set(['NonSemantic.Shader.DebugInfo.100', 'OpenCL.DebugInfo.100', 'DebugInfo']);

/** The imports of a module by result id, with their set names. */
export function importedSets(module: Module): Map<number, string> {
  const sets = new Map<number, string>();
  for (const inst of module.extInstImports) sets.set(inst.resultId, decodeLiteralString(inst.operands, 0, inst.operandCount).value);
  return sets;
}

/** Whether a set name is a non-semantic one (SPV_KHR_non_semantic_info: `NonSemantic.*`). */
export function isNonSemanticSet(name: string): boolean {
  return name.startsWith('NonSemantic.');
}
