import type { PassRegistry } from '@spvkit/core';
import { combineAccessChains } from './combineAccessChains.js';
import { copyPropagateArrays } from './copyPropagateArrays.js';
import { eliminateDeadMembers } from './eliminateDeadMembers.js';
import { parseReduceLoadSizeThreshold, reduceLoadSize } from './reduceLoadSize.js';

/**
 * Registers the composite passes, which reshape access chains, copies, loads and struct types,
 * under spirv-opt's flag names: `combine-access-chains`, `copy-propagate-arrays`,
 * `reduce-load-size[=<threshold>]` and `eliminate-dead-members`. Importing this module registers
 * nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * registerCompositePasses(passRegistry);
 * runPasses(module, ['combine-access-chains', 'reduce-load-size']);
 * ```
 */
export function registerCompositePasses(registry: PassRegistry): void {
  for (const pass of [combineAccessChains, copyPropagateArrays, eliminateDeadMembers]) {
    registry.register(pass.name, () => pass, pass.description);
  }
  const narrow = reduceLoadSize();
  registry.register(
    narrow.name,
    (argument) => reduceLoadSize(parseReduceLoadSizeThreshold(argument)),
    `${narrow.description} (narrowed below this share of members used, above 1 always; default 0.9)`,
    {
      argument: { required: false, syntax: '<threshold>' },
    },
  );
}
