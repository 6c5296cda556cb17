import type { PassRegistry } from '@spvkit/core';
import { lowerLocalInvocationIndex } from './lower-local-invocation-index/index.js';
import { createValidateBuiltinsPass } from './validate-builtins/index.js';

/**
 * Registers every built-in pass in `registry`. Importing @spvkit/passes does this for the shared
 * registry; call it yourself for a registry of your own.
 */
export function registerBuiltinPasses(registry: PassRegistry): void {
  registry.register('lower-local-invocation-index', lowerLocalInvocationIndex, 'replace loads of BuiltIn LocalInvocationIndex by arithmetic on LocalInvocationId and the workgroup size');
  registry.register('validate-builtins', createValidateBuiltinsPass, 'check BuiltIn variables against the Vulkan rules (execution model, storage class, type), with VUIDs');
}
