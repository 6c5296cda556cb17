/**
 * lower-local-invocation-index: replaces every load of the `BuiltIn LocalInvocationIndex` input by
 *
 *     LocalInvocationId.z * WorkgroupSize.x * WorkgroupSize.y + LocalInvocationId.y * WorkgroupSize.x + LocalInvocationId.x
 *
 * and removes the variable with its names, decorations, interface entries and debug-info
 * reference. See README.md of @spvkit/passes for the cases and the choices made.
 *
 * The pass works in phases, a file each, read in this order:
 * 1. finding the uses (findUses.ts for the variables and the globals, scanBodies.ts for the
 *    function bodies, one walk over their words whether or not they were decoded), which only
 *    reads the module and throws a SpirvError for anything it cannot lower, so a refused module
 *    is untouched;
 * 2. planning (plan.ts, with flavors.ts): how each function that reads the index computes it;
 * 3. emitting the index expression (indexExpression.ts), once per flavor and type;
 * 4. applying the plan (apply.ts, with the edits in editor.ts).
 *
 * Two ways to edit function bodies give the same result:
 * - words: when the bodies are still undecoded (a freshly decoded module) and every use of the
 *   index is a plain OpLoad in a function of one flavor, the new function region is written word
 *   by word, and the module's bodies stay undecoded. This keeps large modules fast.
 * - objects: everything else (pointer copies, parameters, the Private copy, bodies already decoded).
 */
import { CallGraphAnalysis, TypesAnalysis, UNCHANGED, type Module, type Pass, type PassResult } from '@spvkit/core';
import { PASS_NAME } from './fail.js';
import { findIndexVariables } from './findUses.js';
import { plan } from './plan.js';
import { applyPlan } from './apply.js';

export { PASS_NAME };

/**
 * The `lower-local-invocation-index` pass.
 *
 * @example
 * ```ts
 * import { passRegistry, runPasses } from '@spvkit/core';
 * import '@spvkit/passes';
 * const result = runPasses(module, ['lower-local-invocation-index']);
 * ```
 */
export function lowerLocalInvocationIndex(): Pass {
  return {
    name: PASS_NAME,
    description: 'replace loads of BuiltIn LocalInvocationIndex by arithmetic on LocalInvocationId and the workgroup size',
    // The calls stay as they were (a parameter that only carried the index goes from the call, not
    // the call itself), and types and constants are added through TypesAnalysis, which the other
    // edits keep right or drop. Def-use is kept right by every object edit as well, but not listed:
    // the consistency check builds what a pass preserves before it runs, and building def-use
    // decodes the bodies, so the word path (the one large modules take) would never be checked.
    // Decorations, names, entry points and source locations change.
    preserves: [TypesAnalysis, CallGraphAnalysis],
    run: (module) => run(module),
  };
}

function run(module: Module): PassResult {
  const variables = findIndexVariables(module);
  if (variables.size === 0) return UNCHANGED;
  const diagnostics = applyPlan(module, plan(module, variables));
  return { changed: true, diagnostics };
}
