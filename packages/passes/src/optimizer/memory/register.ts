import type { PassRegistry } from '@spvkit/core';
import { convertLocalAccessChains } from './convertLocalAccessChains.js';
import { eliminateLocalSingleBlock } from './eliminateLocalSingleBlock.js';
import { eliminateLocalSingleStore } from './eliminateLocalSingleStore.js';
import { privateToLocal } from './privateToLocal.js';
import { parseScalarReplacementLimit, scalarReplacement } from './scalarReplacement.js';
import { ssaRewrite } from './ssaRewrite.js';

/**
 * Registers the memory-to-register passes under spirv-opt's flag names:
 * `eliminate-local-single-block`, `eliminate-local-single-store`, `ssa-rewrite` and its alias
 * `eliminate-local-multi-store`, `private-to-local`, `convert-local-access-chains` and
 * `scalar-replacement[=<limit>]`.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * registerMemoryPasses(passRegistry);
 * runPasses(module, ['eliminate-local-single-block', 'eliminate-local-single-store', 'ssa-rewrite']);
 * ```
 */
export function registerMemoryPasses(registry: PassRegistry): void {
  for (const pass of [eliminateLocalSingleBlock, eliminateLocalSingleStore, ssaRewrite, privateToLocal, convertLocalAccessChains]) {
    registry.register(pass.name, () => pass, pass.description);
  }
  registry.register('eliminate-local-multi-store', () => ssaRewrite, ssaRewrite.description);
  const split = scalarReplacement();
  registry.register(
    split.name,
    (argument) => scalarReplacement(parseScalarReplacementLimit(argument)),
    `${split.description} (most members split, 0 for no limit; default 100)`,
    {
      argument: { required: false, syntax: '<limit>' },
    },
  );
}
