/**
 * The assembler: SPIR-V assembly text (spirv-as syntax) to a Module, with diagnostics a person
 * can act on. The target environments it takes are re-exported from here too, so the package
 * index has one line for both.
 */
export { assemble, type AssembleOptions } from './assemble.js';
export { codeFrame, formatAssemblyDiagnostic } from './formatDiagnostic.js';
export type { SourceDiagnostic } from '../../errors/SpirvError.js';
export { TARGET_ENVS, DEFAULT_TARGET_ENV, parseTargetEnv, type TargetEnv } from '../../env/targetEnv.js';
