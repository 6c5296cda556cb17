import type { PassRegistry } from '@spvkit/core';
import { CFG_CLEANUP, cfgCleanup } from './cfgCleanup.js';
import { ELIMINATE_DEAD_BRANCHES, eliminateDeadBranches } from './eliminateDeadBranches.js';
import { MERGE_BLOCKS, mergeBlocks } from './mergeBlocks.js';

/**
 * Registers the control-flow passes in `registry` under spirv-opt's names:
 * `eliminate-dead-branches`, `merge-blocks` and `cfg-cleanup`. Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * registerControlFlowPasses(passRegistry);
 * runPasses(module, ['eliminate-dead-branches', 'merge-blocks', 'cfg-cleanup']);
 * ```
 */
export function registerControlFlowPasses(registry: PassRegistry): void {
  registry.register(ELIMINATE_DEAD_BRANCHES, () => eliminateDeadBranches, eliminateDeadBranches.description);
  registry.register(MERGE_BLOCKS, () => mergeBlocks, mergeBlocks.description);
  registry.register(CFG_CLEANUP, () => cfgCleanup, cfgCleanup.description);
}
