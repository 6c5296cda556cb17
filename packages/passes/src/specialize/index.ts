/**
 * `@spvkit/passes/specialize`: the specialization passes alone, with no side effects on import
 * (the package's main entry registers every built-in pass). `setSpecConstantDefaults` is the typed
 * form of `set-spec-const-default-value` for code (the plugins' `specialize` option);
 * `registerSpecializePasses` names the three passes in a registry.
 *
 * @example
 * ```ts
 * import { runPasses } from '@spvkit/core';
 * import { foldSpecConstOpComposite, freezeSpecConst, setSpecConstantDefaults } from '@spvkit/passes/specialize';
 * runPasses(module, [setSpecConstantDefaults({ 0: 64, 1: true }), freezeSpecConst, foldSpecConstOpComposite]);
 * ```
 * @packageDocumentation
 */
export {
  setSpecConstantDefaults,
  setSpecConstantDefaultValue,
  SET_SPEC_CONST_DEFAULT_VALUE,
  type SetSpecConstantDefaultsOptions,
  type UnknownSpecIds,
} from './setSpecConstantDefaultValue.js';
export { type DefaultValue } from './defaultValue.js';
export { parseDefaultValues, DEFAULT_VALUES_SYNTAX } from './parseDefaultValues.js';
export { freezeSpecConst, FREEZE_SPEC_CONST } from './freezeSpecConst.js';
export { foldSpecConstOpComposite, FOLD_SPEC_CONST_OP_COMPOSITE } from './foldSpecConstOpComposite.js';
export { registerSpecializePasses } from './register.js';
