/**
 * The passes of a release build, by registry name, in the order they run: what `spvkit opt --size`
 * runs and what the Rollup and Vite plugins run by default in production builds.
 *
 * - `strip-debug` and `strip-nonsemantic` first: debug info (OpLine, OpName, OpString,
 *   NonSemantic.Shader.DebugInfo.100) and other non-semantic instructions (e.g.
 *   NonSemantic.DebugPrintf, which prints only under a validation layer) mean nothing to a driver;
 *   removing them first also removes the uses that would keep dead functions and constants alive.
 * - `eliminate-dead-functions` next, so that what only dead functions used is unused.
 * - `remove-unused-interface-variables` before `eliminate-dead-variables`: a variable listed in an
 *   entry point's interface counts as used until the interface drops it.
 * - `eliminate-dead-const` after the variables, as their initializers and types are uses.
 * - `compact-ids` last, renumbering what is left.
 *
 * Semantics, and so what a pipeline computes, do not change; the reflection of bindings by name
 * needs OpName, so compute reflection before running these (the plugins do).
 */
export const RELEASE_PASSES: readonly string[] = Object.freeze([
  'strip-debug',
  'strip-nonsemantic',
  'eliminate-dead-functions',
  'remove-unused-interface-variables',
  'eliminate-dead-variables',
  'eliminate-dead-const',
  'compact-ids',
]);

/** The stripping passes of {@link RELEASE_PASSES}: left out where debug info is asked for. */
export const STRIPPING_PASSES: readonly string[] = Object.freeze(['strip-debug', 'strip-nonsemantic']);
