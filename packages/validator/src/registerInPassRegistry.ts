/**
 * `import '@spvkit/validator/register'`: registers the validator's passes (`validate`,
 * `validate-builtins`) in core's `passRegistry`, as importing `@spvkit/passes` registers the
 * built-in passes.
 *
 * @example
 * ```ts
 * import '@spvkit/passes';
 * import '@spvkit/validator/register';
 * runPasses(module, ['strip-debug', 'validate-builtins']);
 * ```
 * @packageDocumentation
 */
import { passRegistry } from '@spvkit/core';
import { registerValidatorPasses } from './register.js';

registerValidatorPasses(passRegistry);
