import type { PassRegistry } from '@spvkit/core';
import { ccp } from './ccp.js';
import { eliminateDeadInserts } from './eliminateDeadInserts.js';
import { eliminateDeadCodeAggressive } from './eliminateDeadCodeAggressive.js';
import { localRedundancyElimination, redundancyElimination } from './redundancyElimination.js';
import { simplifyInstructions } from './simplifyInstructions.js';
import { vectorDce } from './vectorDce.js';

/**
 * Registers the scalar optimizer passes (`simplify-instructions`, `eliminate-dead-code-aggressive`, `local-redundancy-elimination`, `redundancy-elimination`, `ccp`, `vector-dce`, `eliminate-dead-inserts`) under spirv-opt's flag names in
 * `registry`. Importing this module registers nothing.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * registerScalarPasses(passRegistry);
 * runPasses(module, ['simplify-instructions']);
 * ```
 */
export function registerScalarPasses(registry: PassRegistry): void {
  for (const pass of [
    simplifyInstructions,
    eliminateDeadCodeAggressive,
    localRedundancyElimination,
    redundancyElimination,
    ccp,
    vectorDce,
    eliminateDeadInserts,
  ]) {
    registry.register(pass.name, () => pass, pass.description);
  }
}
