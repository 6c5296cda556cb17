/**
 * @spvkit/validator: SPIR-V validation in TypeScript. Every error is reported (not the first only)
 * with its rule code and family, the instruction, its ids by name and the source line.
 *
 * @example
 * ```ts
 * import { decodeModule, formatDiagnostic } from '@spvkit/core';
 * import { validate } from '@spvkit/validator';
 * for (const d of validate(words)) console.error(formatDiagnostic(d));
 * ```
 */
export { validate, createValidatePass, type ValidateOptions } from './validate.js';
export type { BlockLayoutOptions } from './rules/decorations/BlockLayoutOptions.js';
export { BLOCK_LAYOUT_FLAGS, blockLayoutOfFlags, type BlockLayoutFlag } from './rules/decorations/blockLayoutFlags.js';
export { registerValidate, registerValidatorPasses, VALIDATE } from './register.js';
export { registerValidateBuiltins, VALIDATE_BUILTINS } from './passes/registerValidateBuiltins.js';
export { createValidateBuiltinsPass } from './passes/createValidateBuiltinsPass.js';
export { RULES, type RuleCode, type RuleFamily, type RuleInfo } from './report/rules.js';
export type { ValidationDiagnostic, NamedId } from './report/ValidationDiagnostic.js';
export { checkLayout } from './rules/layout.js';
export * from './rules/builtins/index.js';
