import type { Pass } from '@spvkit/core';
import { validateBuiltins } from '../rules/builtins/validateBuiltins.js';

/**
 * The `validate-builtins` pass: {@link validateBuiltins} (the validator's `builtins` family on its
 * own, with its warnings) with the run's target env.
 *
 * @example
 * ```ts
 * const { diagnostics } = createValidateBuiltinsPass().run(module, { targetEnv: 'vulkan1.2' });
 * ```
 */
export function createValidateBuiltinsPass(): Pass {
  return {
    name: 'validate-builtins',
    description: 'check BuiltIn variables against the Vulkan rules (execution model, storage class, type), with VUIDs',
    run(module, context) {
      return { changed: false, diagnostics: validateBuiltins(module, context.targetEnv === undefined ? {} : { targetEnv: context.targetEnv }) };
    },
  };
}
