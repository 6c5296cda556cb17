import type { PassRegistry } from '@spvkit/core';
import { stripDebug } from './stripDebug.js';
import { stripNonSemantic, stripReflect } from './stripNonSemantic.js';

/**
 * Registers `strip-debug`, `strip-nonsemantic` and `strip-reflect` in `registry` (core's
 * `passRegistry`, or one of your own). Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import { registerStripPasses } from '@spvkit/passes/strip';
 * registerStripPasses(passRegistry);
 * runPasses(module, ['strip-debug']);
 * ```
 */
export function registerStripPasses(registry: PassRegistry): void {
  for (const pass of [stripDebug, stripNonSemantic, stripReflect]) registry.register(pass.name, () => pass, pass.description);
}
