/**
 * `@spvkit/passes/lower-local-invocation-index`: the pass alone, with no side effects on import
 * (the package's main entry registers every built-in pass; this one lets a bundle keep only this
 * pass). Register it by name with {@link registerLowerLocalInvocationIndex}, or run it directly.
 *
 * @example
 * ```ts
 * import { lowerLocalInvocationIndex } from '@spvkit/passes/lower-local-invocation-index';
 * const { changed, diagnostics } = lowerLocalInvocationIndex().run(module, {});
 * ```
 * @packageDocumentation
 */
export { lowerLocalInvocationIndex, PASS_NAME as LOWER_LOCAL_INVOCATION_INDEX } from './lowerLocalInvocationIndex.js';
export { registerLowerLocalInvocationIndex } from './register.js';
