/** The release passes: whether a build runs them, and which. */
import { RELEASE_PASSES, STRIPPING_PASSES } from '@spvkit/passes';
import type { ResolvedOptions } from './options.js';

/**
 * The release passes a build runs: `RELEASE_PASSES` when `release` is true, or when it is unset
 * and the build is a production one; without the stripping passes when `debugInfo` asks to keep
 * debug info.
 */
export function releasePasses(options: Pick<ResolvedOptions, 'release' | 'debugInfo'>, production: boolean): string[] {
  if (!(options.release ?? production)) return [];
  return options.debugInfo ? RELEASE_PASSES.filter((p) => !STRIPPING_PASSES.includes(p)) : [...RELEASE_PASSES];
}
