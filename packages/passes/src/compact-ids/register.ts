import type { PassRegistry } from '@spvkit/core';
import { compactIds } from './compactIds.js';

/**
 * Registers `compact-ids` in `registry`. Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerCompactIds } from '@spvkit/passes/compact-ids';
 * registerCompactIds(passRegistry);
 * runPasses(module, ['compact-ids']);
 * ```
 */
export function registerCompactIds(registry: PassRegistry): void {
  registry.register(compactIds.name, () => compactIds, compactIds.description);
}
