import type { PassRegistry } from '@spvkit/core';
import { createValidateBuiltinsPass } from './createValidateBuiltinsPass.js';

/** The name the pass registers under, as the CLI and the plugins name it. */
export const VALIDATE_BUILTINS = 'validate-builtins';

/**
 * Registers `validate-builtins` in `registry` (core's `passRegistry`, or one of your own), so
 * that it can be named in `runPasses` and as runPasses' `validator`. Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerValidateBuiltins } from '@spvkit/passes/validate-builtins';
 * registerValidateBuiltins(passRegistry);
 * runPasses(module, ['validate-builtins'], { targetEnv: 'vulkan1.2' });
 * ```
 */
export function registerValidateBuiltins(registry: PassRegistry): void {
  registry.register(
    VALIDATE_BUILTINS,
    createValidateBuiltinsPass,
    'check BuiltIn variables against the Vulkan rules (execution model, storage class, type), with VUIDs',
  );
}
