import type { PassRegistry } from '@spvkit/core';
import { INLINE_ENTRY_POINTS_EXHAUSTIVE, inlineEntryPointsExhaustive } from './inlineExhaustive.js';
import { MERGE_RETURN, mergeReturn } from './mergeReturn.js';

/**
 * Registers spirv-opt's `merge-return` and `inline-entry-points-exhaustive` in `registry`.
 * Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * registerInlinePasses(passRegistry);
 * runPasses(module, ['merge-return', 'inline-entry-points-exhaustive', 'eliminate-dead-functions']);
 * ```
 */
export function registerInlinePasses(registry: PassRegistry): void {
  registry.register(MERGE_RETURN, () => mergeReturn, mergeReturn.description);
  registry.register(INLINE_ENTRY_POINTS_EXHAUSTIVE, () => inlineEntryPointsExhaustive, inlineEntryPointsExhaustive.description);
}
