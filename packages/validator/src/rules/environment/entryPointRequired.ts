import { Capability } from '@spvkit/core';
import type { Reporter } from '../../report/Reporter.js';
import type { EntryPointTable } from './EntryPointTable.js';

/**
 * A module has an OpEntryPoint unless it is a library to link (capability Linkage) or an ARM
 * graph module (GraphARM): otherwise nothing in it can ever run. spirv-val: "No OpEntryPoint
 * instruction was found. This is only allowed if the Linkage or GraphARM capability is being
 * used." A finding about the whole module, not one instruction.
 */
export function checkEntryPointRequired(reporter: Reporter, entryPoints: EntryPointTable): void {
  if (entryPoints.count > 0 || entryPoints.capabilities.has(Capability.Linkage) || entryPoints.capabilities.has(Capability.GraphARM)) return;
  reporter.report(
    'spvkit-environment-entry-point-missing',
    -1,
    () => 'the module has no OpEntryPoint; only a module declaring the Linkage (or GraphARM) capability may have none',
  );
}
