/**
 * validate-builtins: the Vulkan rules for BuiltIn variables, each finding with its VUID. Also the
 * side-effect-free entry `@spvkit/passes/validate-builtins`: importing it registers nothing; see
 * {@link registerValidateBuiltins}.
 *
 * @example
 * ```ts
 * import { validateBuiltins } from './validate-builtins/index.js';
 * for (const d of validateBuiltins(module, { targetEnv: 'vulkan1.2' })) console.error(formatDiagnostic(d));
 * ```
 */
export { validateBuiltins, createValidateBuiltinsPass, SPVKIT_CODES, type BuiltinDiagnostic, type ValidateBuiltinsOptions } from './validateBuiltins.js';
export { BUILTIN_RULES, WORKGROUP_SIZE, ruleFor, vuid, type BuiltinRule, type StorageRule, type ExtraRule } from './rules.js';
export { parseBuiltinsTargetEnv, BUILTINS_TARGET_ENVS, type BuiltinsTargetEnv } from './targetEnv.js';
export { describeRule, type TypeRule } from './typeShapes.js';
export { registerValidateBuiltins, VALIDATE_BUILTINS } from './register.js';
