/** What runs around the user's passes for one import: specialization before, the release passes after, WGSL or not. */
import type { Pass } from '@spvkit/core';
import { displayPath } from '../files.js';
import type { ShaderRequest } from '../ids.js';
import type { ResolvedOptions } from '../options.js';
import { ShaderError } from '../problems/problem.js';
import { releasePasses } from '../release.js';
import { specializationPasses, specializationTag, specializeQuery } from '../specialize.js';

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

/** What a plan depends on besides the import. */
export interface PlanContext {
  readonly options: ResolvedOptions;
  /** A production build: the release passes' default. */
  readonly production: boolean;
  readonly root: string;
}

/**
 * The plan for `request`: specialization (the option's values, the query's over them) before the
 * user's passes, the release passes after; a bad `?specialize=` is the import's error.
 */
export function transformPlan(request: ShaderRequest, { options, production, root }: PlanContext): TransformPlan {
  let query = new Map<number, string>();
  if (request.specialize !== undefined) {
    const q = specializeQuery(request.specialize);
    if ('problem' in q)
      throw ShaderError.of(
        'BAD_SPECIALIZE_QUERY',
        `${displayPath(request.file, root)}?specialize=${request.specialize}: ${q.problem}`,
        undefined,
        'write ?specialize=SPECID:VALUE,SPECID:VALUE',
      );
    query = q.values;
  }
  const specialization = { option: options.specialize, query };
  const after = releasePasses(options, production);
  const wgsl = request.kind === 'wgsl' || (request.kind === 'module' && options.wgslByDefault);
  return {
    before: specializationPasses(specialization),
    after,
    wgsl,
    tag: JSON.stringify([specializationTag(specialization), after, wgsl ? options.wgsl : false]),
  };
}
