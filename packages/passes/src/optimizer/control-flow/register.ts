import type { PassRegistry } from '@spvkit/core';
import { CFG_CLEANUP, cfgCleanup } from './cfgCleanup.js';
import { ELIMINATE_DEAD_BRANCHES, eliminateDeadBranches } from './eliminateDeadBranches.js';
import { IF_CONVERSION, ifConversion } from './ifConversion.js';
import { MERGE_BLOCKS, mergeBlocks } from './mergeBlocks.js';
import { WRAP_OPKILL, wrapOpKill } from './wrapOpKill.js';

/**
 * Registers the control-flow passes in `registry` under spirv-opt's names:
 * `eliminate-dead-branches`, `merge-blocks`, `cfg-cleanup`, `wrap-opkill` and `if-conversion`. Importing this module registers nothing.
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
  registry.register(WRAP_OPKILL, () => wrapOpKill, wrapOpKill.description);
  registry.register(IF_CONVERSION, () => ifConversion, ifConversion.description);
}
