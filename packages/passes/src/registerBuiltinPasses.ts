import type { PassRegistry } from '@spvkit/core';
import { registerCompactIds } from './compact-ids/register.js';
import { registerCompositePasses } from './optimizer/composite/register.js';
import { registerDeadCodePasses } from './dead-code/register.js';
import { registerControlFlowPasses } from './optimizer/control-flow/register.js';
import { registerInlinePasses } from './optimizer/inline/register.js';
import { registerMemoryPasses } from './optimizer/memory/register.js';
import { registerLoopPasses } from './optimizer/loops/register.js';
import { registerLowerLocalInvocationIndex } from './lower-local-invocation-index/register.js';
import { registerScalarPasses } from './optimizer/scalar/register.js';
import { registerSpecializePasses } from './specialize/register.js';
import { registerStripPasses } from './strip/register.js';

/**
 * Registers every built-in pass in `registry`. Importing @spvkit/passes does this for the shared
 * registry; call it yourself for a registry of your own. To bundle one pass only, import its
 * entry (`@spvkit/passes/lower-local-invocation-index`,
 * `@spvkit/passes/strip`, `@spvkit/passes/dead-code`, `@spvkit/passes/compact-ids`, ...) and call
 * its own register function.
 */
export function registerBuiltinPasses(registry: PassRegistry): void {
  registerLowerLocalInvocationIndex(registry);
  registerSpecializePasses(registry);
  registerStripPasses(registry);
  registerDeadCodePasses(registry);
  registerCompactIds(registry);
  registerControlFlowPasses(registry);
  registerMemoryPasses(registry);
  registerScalarPasses(registry);
  registerInlinePasses(registry);
  registerCompositePasses(registry);
  registerLoopPasses(registry);
}
