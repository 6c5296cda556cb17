import type { PassRegistry } from '@spvkit/core';
import { createValidatePass } from './validate.js';

/** The name the pass registers under. */
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
    createValidatePass,
    'validate the module (layout, ids, SSA, types, control flow, decorations, capabilities, environment, builtins) and report every error with its rule and source line',
  );
}
