import { Capability, Op, enumerantRequirements, type ModuleIndex } from '@spvkit/core';

/**
 * Whether the module declares Shader, directly or through a capability that depends on it
 * (Geometry, Tessellation, ...: declaring one implicitly declares those the grammar says it
 * depends on), which is when spirv-val applies the structured control-flow rules.
 */
export function declaresShader(scan: ModuleIndex): boolean {
  const seen = new Set<number>();
  const declares = (capability: number): boolean => {
    if (capability === Capability.Shader) return true;
    if (seen.has(capability)) return false;
    seen.add(capability);
    for (const implied of enumerantRequirements('Capability', capability)?.capabilities ?? []) if (declares(implied)) return true;
    return false;
  };
  for (let i = 0; i < scan.count; i++) {
    if (scan.opcode[i] === Op.Capability && scan.end[i] > scan.operandStart[i] && declares(scan.words[scan.operandStart[i]])) return true;
  }
  return false;
}
