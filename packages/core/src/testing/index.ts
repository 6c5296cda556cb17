/**
 * @spvkit/core/testing — test a pass in any test runner with nothing native: assembly in, passes,
 * disassembly matched against FileCheck-style `CHECK` lines, as SPIRV-Tools tests its optimizer.
 *
 * @example
 * ```ts
 * import { checkPasses } from '@spvkit/core/testing';
 * checkPasses(assemblyWithCheckComments, ['lower-local-invocation-index'], { targetEnv: 'vulkan1.1' });
 * ```
 * @packageDocumentation
 */
export { checkPasses, type CheckPassesOptions, type CheckPassesOutcome } from './checkPasses.js';
export { fileCheck, assertFileCheck, FileCheckFailure, type FileCheckOptions, type FileCheckResult } from './fileCheck.js';
export { parseCheckDirectives, CheckSyntaxError, type CheckDirective, type CheckKind } from './checkDirectives.js';
