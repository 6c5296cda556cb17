import type { PassRegistry } from '@spvkit/core';
import { LOOP_UNROLL, loopUnroll } from './loopUnroll.js';

/**
 * Registers the loop passes in `registry` under spirv-opt's names: `loop-unroll`. Importing this
 * module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * registerLoopPasses(passRegistry);
 * runPasses(module, ['ssa-rewrite', 'loop-unroll']);
 * ```
 */
export function registerLoopPasses(registry: PassRegistry): void {
  registry.register(LOOP_UNROLL, () => loopUnroll, loopUnroll.description);
}
