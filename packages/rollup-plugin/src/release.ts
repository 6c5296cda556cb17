/** The release passes: whether a build runs them, and which. */
import { PERFORMANCE_PASSES, RELEASE_PASSES, SIZE_PASSES, STRIPPING_PASSES, availableRecipe } from '@spvkit/passes';
import type { ResolvedOptions } from './options.js';

/**
 * The release passes a build runs: `RELEASE_PASSES` when `release` is true, or when it is unset
 * and the build is a production one; without the stripping passes when `debugInfo` asks to keep
 * debug info; after the `optimize` recipe's passes (those spvkit has: see {@link missingRecipePasses}).
 */
export function releasePasses(options: Pick<ResolvedOptions, 'release' | 'debugInfo' | 'optimize'>, production: boolean): string[] {
  if (!(options.release ?? production)) return [];
  const release = options.debugInfo ? RELEASE_PASSES.filter((p) => !STRIPPING_PASSES.includes(p)) : [...RELEASE_PASSES];
  return options.optimize === false ? release : [...availableRecipe(recipeOf(options.optimize)).passes, ...release];
}

/** The names of the `optimize` recipe's passes that spvkit does not have, when the build runs it. */
export function missingRecipePasses(options: Pick<ResolvedOptions, 'release' | 'optimize'>, production: boolean): readonly string[] {
  if (options.optimize === false || !(options.release ?? production)) return [];
  return availableRecipe(recipeOf(options.optimize)).missing;
}

const recipeOf = (optimize: 'performance' | 'size'): readonly string[] => (optimize === 'performance' ? PERFORMANCE_PASSES : SIZE_PASSES);
