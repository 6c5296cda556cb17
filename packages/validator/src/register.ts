import type { PassRegistry } from '@spvkit/core';
import { VALIDATE_BUILTINS, registerValidateBuiltins } from './passes/registerValidateBuiltins.js';
import { createValidatePass } from './validate.js';
import { BLOCK_LAYOUT_FLAGS, blockLayoutOfFlags } from './rules/decorations/blockLayoutFlags.js';

/** The name the pass `validate` registers under. */
export const VALIDATE = 'validate';
/**
 * Registers the pass `validate` in `registry` (core's `passRegistry`, or one of your own).
 * Importing the package registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerValidate } from '@spvkit/validator';
 * registerValidate(passRegistry);
 * const result = runPasses(module, ['validate']); // result.diagnostics: every error, with its rule
 * ```
 */
export function registerValidate(registry: PassRegistry): void {
  registry.register(
    VALIDATE,
    (flags) => createValidatePass(flags === undefined ? {} : blockLayoutOfFlags(flags)),
    'validate the module (layout, ids, SSA, types, control flow, decorations, capabilities, environment, builtins) and report every error with its rule and source line',
    { argument: { required: false, syntax: Object.keys(BLOCK_LAYOUT_FLAGS).join('|') + ',...' } },
  );
}

/**
 * Registers both of the validator's passes, `validate` and `validate-builtins`, in `registry`
 * (each only where the name is free). `import '@spvkit/validator/register'` does this for core's
 * `passRegistry`.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import '@spvkit/passes';
 * import { registerValidatorPasses } from '@spvkit/validator';
 * registerValidatorPasses(passRegistry);
 * runPasses(module, ['lower-local-invocation-index', 'validate-builtins']);
 * ```
 */
export function registerValidatorPasses(registry: PassRegistry): void {
  if (!registry.has(VALIDATE)) registerValidate(registry);
  if (!registry.has(VALIDATE_BUILTINS)) registerValidateBuiltins(registry);
}
