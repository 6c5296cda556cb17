import type { Module } from './Module.js';
import type { ModuleChange } from './ModuleChange.js';

/**
 * Something computed from a module (def-use, decorations, types, ...) that is built on first use,
 * cached on the module, and kept right by the module's mutation API: after each edit it is either
 * updated ({@link Analysis.update}) or dropped, never left stale.
 *
 * @example
 * ```ts
 * const Counts: Analysis<number> = { name: 'count', build: (m) => [...m.instructions()].length };
 * module.analysis(Counts); // built once, then cached until an edit drops it
 * ```
 */
export interface Analysis<T> {
  readonly name: string;
  build(module: Module): T;
  /**
   * Brings a cached value up to date with one edit, already made to the module. Returns false
   * when it cannot, and the value is dropped (built again on next use). Without it, every edit
   * drops the value.
   */
  update?(value: T, change: ModuleChange, module: Module): boolean;
  /**
   * A description of a value, line by line, in an order that does not depend on how it was built:
   * the consistency check ({@link checkConsistency}) compares the cached value's with a fresh
   * build's. Without it the analysis is not compared.
   */
  snapshot?(this: void, value: T, module: Module): readonly string[];
}

/**
 * The analyses cached on one module, in the order they were built: what {@link Module.analysis},
 * {@link Module.invalidateAnalyses}, {@link Module.cachedAnalyses} and {@link Module.changed} read
 * and keep.
 */
export type AnalysisCache = Map<Analysis<unknown>, unknown>;

/** The value of `analysis` for `module`, built on first use. */
export function cachedAnalysis<T>(cache: AnalysisCache, analysis: Analysis<T>, module: Module): T {
  let value = cache.get(analysis) as T | undefined;
  // An analysis may be worth undefined: has() tells it from one not built yet.
  if (value === undefined && !cache.has(analysis)) {
    value = analysis.build(module);
    cache.set(analysis, value);
  }
  return value as T;
}

/** Drops every value but those of `keep`. */
export function dropAnalyses(cache: AnalysisCache, keep: readonly Analysis<unknown>[]): void {
  if (keep.length === 0) {
    cache.clear();
    return;
  }
  for (const a of [...cache.keys()]) if (!keep.includes(a)) cache.delete(a);
}

/** Has each value brought up to date with `change`, made to `module`, or dropped. */
export function updateAnalyses(cache: AnalysisCache, change: ModuleChange, module: Module): void {
  if (cache.size === 0) return;
  for (const [analysis, value] of [...cache]) {
    // An update that throws leaves its value unknown: dropped, like one that said no.
    let kept = false;
    try {
      kept = analysis.update?.(value, change, module) ?? false;
    } finally {
      if (!kept) cache.delete(analysis);
    }
  }
}
