/** The release passes: whether a build runs them, and which. */
import { RELEASE_PASSES, STRIPPING_PASSES } from '@spvkit/passes';
import type { ResolvedOptions } from './options.js';

import type { Pass } from '@spvkit/core';

/** What runs around the user's passes for one import. */
export interface TransformPlan {
  /** Passes before the user's passes (specialization). */
  readonly before: readonly (string | Pass)[];
  /** Pass specs after validation and reflection (the release passes). */
  readonly after: readonly string[];
  /** Whether the import gives WGSL (`?wgsl`, or every import with the `wgsl` option). */
  readonly wgsl: boolean;
  /** All of it, as text for the cache key (the values, not the pass objects). */
  readonly tag: string;
}

/**
 * The release passes a build runs: `RELEASE_PASSES` when `release` is true, or when it is unset
 * and the build is a production one; without the stripping passes when `debugInfo` asks to keep
 * debug info.
 */
export function releasePasses(options: Pick<ResolvedOptions, 'release' | 'debugInfo'>, production: boolean): string[] {
  if (!(options.release ?? production)) return [];
  return options.debugInfo ? RELEASE_PASSES.filter((p) => !STRIPPING_PASSES.includes(p)) : [...RELEASE_PASSES];
}
