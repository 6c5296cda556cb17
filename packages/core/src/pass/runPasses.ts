import { SpirvError } from '../errors/SpirvError.js';
import type { Module } from '../ir/Module.js';
import { hasErrors, type Diagnostic } from './Diagnostic.js';
import type { Pass, PassContext } from './Pass.js';
import { passRegistry, type PassRegistry } from './PassRegistry.js';

/** Options for {@link runPasses}. */
export interface RunPassesOptions {
  /** Target environment handed to every pass. */
  targetEnv?: string;
  /**
   * Validate after each pass that changed the module: a pass (e.g. `'validate-builtins'`) or
   * its registered name. Validation errors stop the run like pass errors do.
   */
  validateAfterEach?: Pass | string;
  /** Where pass names are looked up; default {@link passRegistry}. */
  registry?: PassRegistry;
}

/** Time one pass took. */
export interface PassTiming {
  readonly pass: string;
  readonly ms: number;
  readonly changed: boolean;
}

/** What {@link runPasses} did. */
export interface RunPassesResult {
  /** True when some pass changed the module. */
  readonly changed: boolean;
  /** True when no error was reported (the run stops at the first error). */
  readonly ok: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly timings: readonly PassTiming[];
}

/**
 * Runs passes in order. Each may be a Pass or a registered name. Stops at the first pass that
 * reports an error or throws a {@link SpirvError} (which becomes an error diagnostic); drops the
 * module's cached analyses after every pass that changed it, except those the pass preserves.
 *
 * @example
 * ```ts
 * const result = runPasses(module, ['lower-local-invocation-index'], { validateAfterEach: 'validate-builtins' });
 * if (!result.ok) for (const d of result.diagnostics) console.error(formatDiagnostic(d));
 * ```
 */
export function runPasses(module: Module, passes: readonly (Pass | string)[], options: RunPassesOptions = {}): RunPassesResult {
  const registry = options.registry ?? passRegistry;
  const resolved = passes.map((p) => (typeof p === 'string' ? registry.create(p) : p));
  const validator = typeof options.validateAfterEach === 'string' ? registry.create(options.validateAfterEach) : options.validateAfterEach;
  const context: PassContext = options.targetEnv === undefined ? {} : { targetEnv: options.targetEnv };
  const diagnostics: Diagnostic[] = [];
  const timings: PassTiming[] = [];
  let changed = false;
  for (const pass of resolved) {
    const started = performance.now();
    const outcome = runOne(pass, module, context);
    timings.push({ pass: pass.name, ms: performance.now() - started, changed: outcome.changed });
    diagnostics.push(...outcome.diagnostics);
    if (outcome.changed) {
      changed = true;
      module.invalidateAnalyses(pass.preserves ?? []);
    }
    if (hasErrors(outcome.diagnostics)) return { changed, ok: false, diagnostics, timings };
    if (validator !== undefined && outcome.changed) {
      const v = runOne(validator, module, context);
      diagnostics.push(...v.diagnostics);
      if (hasErrors(v.diagnostics)) return { changed, ok: false, diagnostics, timings };
    }
  }
  return { changed, ok: true, diagnostics, timings };
}

function runOne(pass: Pass, module: Module, context: PassContext): { changed: boolean; diagnostics: readonly Diagnostic[] } {
  try {
    const r = pass.run(module, context);
    return { changed: r.changed, diagnostics: r.diagnostics.map((d) => (d.pass === undefined ? { ...d, pass: pass.name } : d)) };
  } catch (e) {
    if (!(e instanceof SpirvError)) throw e;
    const d: Diagnostic = {
      severity: 'error',
      message: e.message,
      code: e.code,
      pass: pass.name,
      ...(e.location ? { location: e.location } : {}),
      ...(e.hint ? { hint: e.hint } : {}),
    };
    // A pass that throws may have left the module half-changed; callers must not use it.
    return { changed: true, diagnostics: [d] };
  }
}
