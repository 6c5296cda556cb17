import { passRegistry, splitPassSpec, type PassRegistry } from '@spvkit/core';

/**
 * spirv-opt's `-O`, the performance recipe: its passes by registry name, in the order spirv-opt
 * runs them (as `spirv-opt -O --time-report` of SPIRV-Tools v2026.4 lists them, for every stage).
 * `spvkit opt -O` runs it; so does `runPasses(module, [...PERFORMANCE_PASSES])`, which lets you
 * put passes of your own in between.
 */
export const PERFORMANCE_PASSES: readonly string[] = Object.freeze([
  'wrap-opkill',
  'eliminate-dead-branches',
  'merge-return',
  'inline-entry-points-exhaustive',
  'eliminate-dead-functions',
  'eliminate-dead-code-aggressive',
  'private-to-local',
  'eliminate-local-single-block',
  'eliminate-local-single-store',
  'eliminate-dead-code-aggressive',
  'scalar-replacement=0',
  'convert-local-access-chains',
  'eliminate-local-single-block',
  'eliminate-local-single-store',
  'eliminate-dead-code-aggressive',
  'ssa-rewrite',
  'eliminate-dead-code-aggressive',
  'ccp',
  'eliminate-dead-code-aggressive',
  'loop-unroll',
  'eliminate-dead-branches',
  'redundancy-elimination',
  'combine-access-chains',
  'simplify-instructions',
  'scalar-replacement=0',
  'convert-local-access-chains',
  'eliminate-local-single-block',
  'eliminate-local-single-store',
  'eliminate-dead-code-aggressive',
  'ssa-rewrite',
  'eliminate-dead-code-aggressive',
  'vector-dce',
  'eliminate-dead-inserts',
  'eliminate-dead-branches',
  'simplify-instructions',
  'if-conversion',
  'copy-propagate-arrays',
  'reduce-load-size',
  'eliminate-dead-code-aggressive',
  'merge-blocks',
  'redundancy-elimination',
  'eliminate-dead-branches',
  'merge-blocks',
  'simplify-instructions',
]);

/** spirv-opt's `-Os`, the size recipe, as {@link PERFORMANCE_PASSES} is `-O`. */
export const SIZE_PASSES: readonly string[] = Object.freeze([
  'wrap-opkill',
  'eliminate-dead-branches',
  'merge-return',
  'inline-entry-points-exhaustive',
  'eliminate-dead-functions',
  'private-to-local',
  'scalar-replacement=0',
  'ssa-rewrite',
  'ccp',
  'loop-unroll',
  'eliminate-dead-branches',
  'simplify-instructions',
  'scalar-replacement=0',
  'eliminate-local-single-store',
  'if-conversion',
  'simplify-instructions',
  'eliminate-dead-code-aggressive',
  'eliminate-dead-branches',
  'merge-blocks',
  'convert-local-access-chains',
  'eliminate-local-single-block',
  'eliminate-dead-code-aggressive',
  'copy-propagate-arrays',
  'vector-dce',
  'eliminate-dead-inserts',
  'eliminate-dead-members',
  'eliminate-local-single-store',
  'merge-blocks',
  'ssa-rewrite',
  'redundancy-elimination',
  'simplify-instructions',
  'eliminate-dead-code-aggressive',
  'cfg-cleanup',
]);

/** A recipe as a registry can run it: see {@link availableRecipe}. */
export interface AvailableRecipe {
  /** The recipe's passes that the registry has, in the recipe's order. */
  readonly passes: readonly string[];
  /** The names of the recipe's passes it lacks, each once, in the order they first come. */
  readonly missing: readonly string[];
}

/**
 * The passes of `recipe` (e.g. {@link PERFORMANCE_PASSES}) that `registry` has, and the names of
 * those it has not. @spvkit/passes registers every pass of both recipes, but a registry of your
 * own may hold only some of them, and whoever runs a recipe should say which were left out
 * (`spvkit opt -O` warns).
 *
 * @example
 * ```ts
 * const { passes, missing } = availableRecipe(SIZE_PASSES);
 * if (missing.length > 0) console.warn(`-Os without ${missing.join(', ')}`);
 * runPasses(module, passes);
 * ```
 */
export function availableRecipe(recipe: readonly string[], registry: PassRegistry = passRegistry): AvailableRecipe {
  const passes: string[] = [];
  const missing: string[] = [];
  for (const spec of recipe) {
    if (registry.has(spec)) passes.push(spec);
    else {
      const { name } = splitPassSpec(spec);
      if (!missing.includes(name)) missing.push(name);
    }
  }
  return { passes, missing };
}
