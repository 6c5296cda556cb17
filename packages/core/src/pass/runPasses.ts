import { SpirvError } from '../errors/SpirvError.js';
import type { Module } from '../ir/Module.js';
import { checkConsistency, type Inconsistency } from '../analysis/checkConsistency.js';
import { hasErrors, type Diagnostic } from './Diagnostic.js';
import type { Pass, PassContext } from './Pass.js';
import { passRegistry, type PassRegistry } from './PassRegistry.js';

/** Options for {@link runPasses}. */
export interface RunPassesOptions {
  /** Target environment handed to every pass. */
  targetEnv?: string;
  /**
   * When to run the {@link RunPassesOptions.validator}: `'end'` once on the final module, however
   * many passes ran and whether or not they changed anything; `'each'` after every pass that
   * changed the module, and on the final module when none did (so the result is always checked).
   * Validation errors stop the run like pass errors do. Default: no validation.
   */
  validate?: 'each' | 'end';
  /**
   * The validating pass, or its registered name, which `validate` needs (SpirvError `BAD_OPTION`
   * without it): for instance `createValidatePass()` of @spvkit/validator. Core has no validator
   * of its own.
   */
  validator?: Pass | string;
  /** @deprecated Use `validate: 'each'` with `validator`. */
  validateAfterEach?: Pass | string;
  /**
   * After each pass, rebuild every cached analysis and compare it with the cached one
   * ({@link checkConsistency}); a difference is an `INCONSISTENT_ANALYSIS` error naming the pass,
   * which either claimed in `preserves` an analysis it did not keep right, or edited the module
   * around the mutation API. The analyses a pass preserves are built before it runs, so a false
   * `preserves` is caught even when nothing had built them. Costly: for tests and debugging.
   * Default: on when the environment variable `SPVKIT_CHECK_CONSISTENCY` is `1` (the repository's
   * test runs set it), off otherwise.
   */
  checkConsistency?: boolean;
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
 * const result = runPasses(module, ['lower-local-invocation-index'], { validate: 'end', validator: createValidatePass() });
 * if (!result.ok) for (const d of result.diagnostics) console.error(formatDiagnostic(d));
 * ```
 */
export function runPasses(module: Module, passes: readonly (Pass | string)[], options: RunPassesOptions = {}): RunPassesResult {
  const registry = options.registry ?? passRegistry;
  const resolved = passes.map((p) => (typeof p === 'string' ? registry.create(p) : p));
  const when = options.validate ?? (options.validateAfterEach === undefined ? undefined : 'each');
  const validatorSpec = options.validator ?? options.validateAfterEach;
  if (when !== undefined && validatorSpec === undefined) {
    throw new SpirvError('BAD_OPTION', `runPasses: validate: '${when}' needs a validator`, {
      hint: 'pass validator: createValidatePass() (or createValidateBuiltinsPass()) from @spvkit/validator, or the name of a registered validating pass',
    });
  }
  const validator =
    when === undefined || validatorSpec === undefined ? undefined : typeof validatorSpec === 'string' ? registry.create(validatorSpec) : validatorSpec;
  const context: PassContext = options.targetEnv === undefined ? {} : { targetEnv: options.targetEnv };
  const diagnostics: Diagnostic[] = [];
  const timings: PassTiming[] = [];
  let changed = false;
  let validated = false;
  const validateNow = (check: Pass): boolean => {
    validated = true;
    const v = runOne(check, module, context);
    diagnostics.push(...v.diagnostics);
    return !hasErrors(v.diagnostics);
  };
  const check = options.checkConsistency ?? consistencyFromEnvironment();
  for (const pass of resolved) {
    if (check) for (const a of pass.preserves ?? []) module.analysis(a);
    const started = performance.now();
    const outcome = runOne(pass, module, context);
    timings.push({ pass: pass.name, ms: performance.now() - started, changed: outcome.changed });
    diagnostics.push(...outcome.diagnostics);
    if (outcome.changed) {
      changed = true;
      validated = false;
      module.invalidateAnalyses(pass.preserves ?? []);
    }
    if (hasErrors(outcome.diagnostics)) return { changed, ok: false, diagnostics, timings };
    if (check) {
      const stale = checkConsistency(module);
      if (stale.length > 0) {
        diagnostics.push(...stale.map((s) => inconsistencyDiagnostic(pass, outcome.changed, s)));
        return { changed, ok: false, diagnostics, timings };
      }
    }
    if (when === 'each' && validator !== undefined && outcome.changed && !validateNow(validator)) return { changed, ok: false, diagnostics, timings };
  }
  if (validator !== undefined && !validated && !validateNow(validator)) return { changed, ok: false, diagnostics, timings };
  return { changed, ok: true, diagnostics, timings };
}

function inconsistencyDiagnostic(pass: Pass, changed: boolean, s: Inconsistency): Diagnostic {
  const why = !changed
    ? `it reported no change, yet the cached '${s.analysis}' analysis no longer matches the module`
    : (pass.preserves ?? []).some((a) => a.name === s.analysis)
      ? `it lists '${s.analysis}' in preserves, but its edits left that analysis stale`
      : `its edits left the cached '${s.analysis}' analysis stale (an edit made around the module's mutation API?)`;
  return {
    severity: 'error',
    code: 'INCONSISTENT_ANALYSIS',
    pass: pass.name,
    message: `pass '${pass.name}': ${why}: cached has ${s.cached === undefined ? 'nothing' : `'${s.cached}'`} where a fresh build has ${s.fresh === undefined ? 'nothing' : `'${s.fresh}'`}`,
    hint: 'edit through module.insert / remove / replace / setOperands and the other Module edits, or drop the analysis from preserves',
  };
}

/** SPVKIT_CHECK_CONSISTENCY=1 in the environment, where there is one (not in a browser). */
function consistencyFromEnvironment(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.SPVKIT_CHECK_CONSISTENCY === '1';
}

function runOne(pass: Pass, module: Module, context: PassContext): { changed: boolean; diagnostics: readonly Diagnostic[] } {
  try {
    const r = pass.run(module, context);
    return { changed: r.changed, diagnostics: r.diagnostics.map((d) => (d.pass === undefined ? { ...d, pass: pass.name } : d)) };
  } catch (e) {
    if (!(e instanceof SpirvError)) {
      // A bug in the pass, not in the input: still a diagnostic, so one pass cannot take down a
      // dev server or a whole folder of shaders; the stack says where to look.
      const error = e instanceof Error ? e : new Error(String(e));
      const where = error.stack?.split('\n').slice(1, 4).join('\n') ?? '';
      return {
        changed: true,
        diagnostics: [
          {
            severity: 'error',
            code: 'PASS_CRASHED',
            pass: pass.name,
            message: `internal error in pass '${pass.name}': ${error.message}${where ? `\n${where}` : ''}`,
          },
        ],
      };
    }
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
