/**
 * The `builtins` family's public face: the Vulkan BuiltIn rules on a decoded module, as
 * @spvkit/passes' `validate-builtins` pass runs them (validate() runs them as the family).
 *
 * @example
 * ```ts
 * import { validateBuiltins } from '@spvkit/validator';
 * for (const d of validateBuiltins(module, { targetEnv: 'vulkan1.2' })) console.error(formatDiagnostic(d));
 * ```
 */
export { validateBuiltins, type ValidateBuiltinsOptions } from './validateBuiltins.js';
export type { BuiltinDiagnostic } from './BuiltinProblem.js';
export { BUILTIN_SPVKIT_CODES, builtinVuid, type BuiltinErrorCode, type BuiltinWarningCode, type BuiltinVuid } from './codes.js';
export { VULKAN_BUILTIN_RULES, WORKGROUP_SIZE_RULES, builtinRuleFor } from './vulkanRules.js';
export type { BuiltinRule, StorageRule, ExtraRule } from './BuiltinRule.js';
export { parseBuiltinsTargetEnv, BUILTINS_TARGET_ENVS, type BuiltinsTargetEnv } from './targetEnv.js';
export { describeRule, type TypeRule } from './typeShapes.js';
