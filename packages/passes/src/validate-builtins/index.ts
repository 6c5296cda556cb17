/**
 * validate-builtins: the Vulkan rules for BuiltIn variables, each finding with its VUID.
 *
 * @example
 * ```ts
 * import { validateBuiltins } from './validate-builtins/index.js';
 * for (const d of validateBuiltins(module, { targetEnv: 'vulkan1.2' })) console.error(formatDiagnostic(d));
 * ```
 */
export {
  validateBuiltins,
  createValidateBuiltinsPass,
  SPVKIT_CODES,
  type BuiltinDiagnostic,
  type ValidateBuiltinsOptions,
} from './validateBuiltins.js';
export { BUILTIN_RULES, WORKGROUP_SIZE, ruleFor, vuid, type BuiltinRule, type StorageRule, type ExtraRule } from './rules.js';
export { parseBuiltinsTargetEnv, BUILTINS_TARGET_ENVS, type BuiltinsTargetEnv } from './targetEnv.js';
export { describeRule, type TypeRule } from './typeShapes.js';
