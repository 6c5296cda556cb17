import { Capability, ExecutionModel, type Module } from '@spvkit/core';

/**
 * Whether the module is a shader, whose control flow is structured: it declares the Shader
 * capability, or has an entry point of an execution model other than Kernel (each needs Shader or
 * a capability that implies it: Geometry, Tessellation, ray tracing, mesh shading). Read from the
 * entry points rather than the grammar's capability tables, which a command that only optimizes
 * would otherwise load whole.
 *
 * @example
 * ```ts
 * if (!hasShaderCapability(module)) return UNCHANGED;
 * ```
 */
export function hasShaderCapability(module: Module): boolean {
  if (module.capabilities.some((c) => c.word(0) === Capability.Shader)) return true;
  return module.entryPoints.some((ep) => ep.word(0) !== ExecutionModel.Kernel);
}
