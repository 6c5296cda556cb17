/**
 * @spvkit/passes — the built-in passes. Importing this package registers them in core's
 * `passRegistry`, so they can be named in `runPasses`, the CLI and the plugins. For a bundle that
 * needs one pass, `@spvkit/passes/lower-local-invocation-index` (and `/strip`, `/dead-code`, ...)
 * export it and its register function and register nothing. The validating passes
 * (`validate-builtins`, `validate`) are @spvkit/validator's: `import '@spvkit/validator/register'`.
 *
 * @example
 * ```ts
 * import { runPasses } from '@spvkit/core';
 * import '@spvkit/passes';
 * runPasses(module, ['lower-local-invocation-index']);
 * ```
 * @packageDocumentation
 */
import { passRegistry } from '@spvkit/core';
import { registerBuiltinPasses } from './registerBuiltinPasses.js';

export { registerBuiltinPasses };
export { RELEASE_PASSES, STRIPPING_PASSES } from './presets/releasePasses.js';
export { PERFORMANCE_PASSES, SIZE_PASSES, availableRecipe, type AvailableRecipe } from './presets/optimizerRecipes.js';
export { lowerLocalInvocationIndex, registerLowerLocalInvocationIndex } from './lower-local-invocation-index/index.js';
export {
  setSpecConstantDefaults,
  setSpecConstantDefaultValue,
  freezeSpecConst,
  foldSpecConstOpComposite,
  registerSpecializePasses,
  type DefaultValue,
  type SetSpecConstantDefaultsOptions,
  type UnknownSpecIds,
} from './specialize/index.js';
export { stripDebug, stripNonSemantic, stripReflect, registerStripPasses } from './strip/index.js';
export {
  eliminateDeadFunctions,
  eliminateDeadConst,
  eliminateDeadVariables,
  removeUnusedInterfaceVariables,
  registerDeadCodePasses,
} from './dead-code/index.js';
export { compactIds, compactModuleIds, registerCompactIds } from './compact-ids/index.js';

registerBuiltinPasses(passRegistry);
