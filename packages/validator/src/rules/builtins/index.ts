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
export { validateBuiltins, type BuiltinDiagnostic, type ValidateBuiltinsOptions } from './validateBuiltins.js';
export { BUILTIN_SPVKIT_CODES, type BuiltinErrorCode, type BuiltinWarningCode } from './codes.js';
export {
  VULKAN_BUILTIN_RULES,
  WORKGROUP_SIZE_RULES,
  builtinRuleFor,
  builtinVuid,
  type BuiltinRule,
  type BuiltinVuid,
  type StorageRule,
  type ExtraRule,
} from './vulkanRules.js';
export { parseBuiltinsTargetEnv, BUILTINS_TARGET_ENVS, type BuiltinsTargetEnv } from './targetEnv.js';
export { describeRule, type TypeRule } from './typeShapes.js';
