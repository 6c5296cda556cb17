import { passRegistry, type Diagnostic, type Pass } from '@spvkit/core';
import { validate } from '@spvkit/validator';

/** The name the default validator's diagnostics carry (`(validate)` after each message). */
export const DEFAULT_VALIDATOR_NAME = 'validate';

/**
 * The validator the plugins run when the `validator` option names none: @spvkit/validator's
 * families (header, layout, ids, SSA, instruction types), then validate-builtins (the Vulkan
 * BuiltIn rules). One pass, so that runPasses' `validate: 'each'` checks both after every pass
 * that changed the module and the plugin tells its findings from the passes' by one name.
 *
 * validate-builtins is looked up in core's registry when the pass runs, as a named validator
 * would be: @spvkit/passes registers it, and the plugin imports that package.
 */
export function createDefaultValidator(): Pass {
  return {
    name: DEFAULT_VALIDATOR_NAME,
    description: 'validate the module with @spvkit/validator and its BuiltIn variables with validate-builtins',
    run(module, context) {
      // Both run whatever the other found: every error of the module is reported at once.
      const own = validate(module, context.targetEnv !== undefined ? { targetEnv: context.targetEnv } : {});
      const builtIns = passRegistry.create('validate-builtins').run(module, context);
      const diagnostics: Diagnostic[] = [...own, ...builtIns.diagnostics].map((d) => ({ ...d, pass: DEFAULT_VALIDATOR_NAME }));
      return { changed: false, diagnostics };
    },
  };
}
