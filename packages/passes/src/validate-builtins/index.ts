/**
 * validate-builtins: the Vulkan rules for BuiltIn variables, each finding with its VUID. The rules
 * are @spvkit/validator's `builtins` family (one implementation: `validate()` runs them with the
 * other families); this entry keeps their names as this package has published them, and adds the
 * pass. Also the side-effect-free entry `@spvkit/passes/validate-builtins`: importing it registers
 * nothing; see {@link registerValidateBuiltins}.
 *
 * @example
 * ```ts
 * import { validateBuiltins } from '@spvkit/passes/validate-builtins';
 * for (const d of validateBuiltins(module, { targetEnv: 'vulkan1.2' })) console.error(formatDiagnostic(d));
 * ```
 */
export {
  validateBuiltins,
  BUILTIN_SPVKIT_CODES as SPVKIT_CODES,
  VULKAN_BUILTIN_RULES as BUILTIN_RULES,
  WORKGROUP_SIZE_RULES as WORKGROUP_SIZE,
  builtinRuleFor as ruleFor,
  builtinVuid as vuid,
  parseBuiltinsTargetEnv,
  BUILTINS_TARGET_ENVS,
  describeRule,
  type BuiltinDiagnostic,
  type ValidateBuiltinsOptions,
  type BuiltinRule,
  type StorageRule,
  type ExtraRule,
  type BuiltinsTargetEnv,
  type TypeRule,
} from '@spvkit/validator';
export { createValidateBuiltinsPass } from './createValidateBuiltinsPass.js';
export { registerValidateBuiltins, VALIDATE_BUILTINS } from './register.js';
