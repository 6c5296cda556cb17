import type { PassRegistry } from '@spvkit/core';
import { PASS_NAME, lowerLocalInvocationIndex } from './lowerLocalInvocationIndex.js';

/**
 * Registers `lower-local-invocation-index` in `registry` (core's `passRegistry`, or one of your
 * own), so that it can be named in `runPasses`. Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerLowerLocalInvocationIndex } from '@spvkit/passes/lower-local-invocation-index';
 * registerLowerLocalInvocationIndex(passRegistry);
 * runPasses(module, ['lower-local-invocation-index']);
 * ```
 */
export function registerLowerLocalInvocationIndex(registry: PassRegistry): void {
  registry.register(
    PASS_NAME,
    lowerLocalInvocationIndex,
    'replace loads of BuiltIn LocalInvocationIndex by arithmetic on LocalInvocationId and the workgroup size',
  );
}
