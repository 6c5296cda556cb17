import { passRegistry, type Pass } from '@spvkit/core';
import { createValidatePass, registerValidatorPasses } from '@spvkit/validator';
import type { BlockLayoutOptions } from './options.js';

// The validator's passes can be named in the plugins' `passes` and `validator` options
// (`'validate-builtins'`), as the built-in passes of @spvkit/passes can.
registerValidatorPasses(passRegistry);

/**
 * The validator the plugins run when the `validator` option names none: @spvkit/validator's pass
 * `validate`, every family (header, layout, ids, SSA, instruction types, ..., the Vulkan BuiltIn
 * rules), each error once under its rule code. One pass, so that runPasses' `validate: 'each'`
 * checks the module after every pass that changed it and the plugin tells its findings from the
 * passes' by one name (`(validate)` after each message). `layout` is the `blockLayout` option.
 *
 * @example
 * ```ts
 * runPasses(module, passes, { validate: 'each', validator: createDefaultValidator(), targetEnv: 'vulkan1.1' });
 * ```
 */
export function createDefaultValidator(layout: BlockLayoutOptions = {}): Pass {
  return createValidatePass(layout);
}
