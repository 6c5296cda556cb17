import type { PassRegistry } from '@spvkit/core';
import { eliminateDeadConst } from './eliminateDeadConst.js';
import { eliminateDeadFunctions } from './eliminateDeadFunctions.js';
import { eliminateDeadVariables } from './eliminateDeadVariables.js';
import { removeUnusedInterfaceVariables } from './removeUnusedInterfaceVariables.js';

/**
 * Registers `eliminate-dead-functions`, `eliminate-dead-const`, `eliminate-dead-variables` and
 * `remove-unused-interface-variables` in `registry`. Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerDeadCodePasses } from '@spvkit/passes/dead-code';
 * registerDeadCodePasses(passRegistry);
 * runPasses(module, ['eliminate-dead-functions', 'eliminate-dead-const']);
 * ```
 */
export function registerDeadCodePasses(registry: PassRegistry): void {
  for (const pass of [eliminateDeadFunctions, eliminateDeadConst, eliminateDeadVariables, removeUnusedInterfaceVariables]) {
    registry.register(pass.name, () => pass, pass.description);
  }
}
