import type { PassRegistry } from '@spvkit/core';
import { createValidateBuiltinsPass } from './createValidateBuiltinsPass.js';

// A module of its own, apart from registerValidate: registering validate-builtins must not load the
// whole validator (spvkit opt registers it at start and runs the other families only with --validate).

/** The name the pass `validate-builtins` registers under, as the CLI and the plugins name it. */
export const VALIDATE_BUILTINS = 'validate-builtins';

/**
 * Registers `validate-builtins` (the Vulkan BuiltIn rules alone, with their VUIDs) in `registry`,
 * so that it can be named in `runPasses`. Importing the package registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerValidateBuiltins } from '@spvkit/validator';
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
