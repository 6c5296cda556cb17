import type { Module } from '../ir/Module.js';
import { builtInEquivalences, builtInSnapshots } from './snapshots.js';

/** A cached analysis that no longer describes its module. */
export interface Inconsistency {
  /** The analysis's name (e.g. `def-use`). */
  readonly analysis: string;
  /** The first line on which the cached value and a fresh build differ; undefined where one of them ended. */
  readonly cached: string | undefined;
  readonly fresh: string | undefined;
}

/**
 * Rebuilds every cached analysis that can describe itself (an `Analysis` with a `snapshot`, or one of
 * core's own) from
 * scratch and compares it with the cached one, as SPIRV-Tools' `IRContext::IsConsistent`. Returns
 * the analyses that differ, with the first difference of each; empty when all agree. Reads every
 * instruction (decodes undecoded bodies): a check for tests and debugging, not for production.
 *
 * @example
 * ```ts
 * module.analysis(DefUseAnalysis);
 * module.globals.push(inst); // array surgery behind the analyses' back
 * checkConsistency(module); // [{ analysis: 'def-use', cached: undefined, fresh: 'def %9 = #12 op21' }]
 * ```
 */
export function checkConsistency(module: Module): Inconsistency[] {
  const found: Inconsistency[] = [];
  for (const analysis of module.cachedAnalyses()) {
    const snapshot = analysis.snapshot ?? builtInSnapshots.get(analysis);
    if (snapshot === undefined) continue;
    const cachedValue = module.analysis(analysis);
    const freshValue = analysis.build(module);
    if (builtInEquivalences.get(analysis)?.(cachedValue, freshValue) === true) continue;
    const cached = snapshot(cachedValue, module);
    const fresh = snapshot(freshValue, module);
    const n = Math.max(cached.length, fresh.length);
    for (let i = 0; i < n; i++) {
      if (cached[i] !== fresh[i]) {
        found.push({ analysis: analysis.name, cached: cached[i], fresh: fresh[i] });
        break;
      }
    }
  }
  return found;
}
