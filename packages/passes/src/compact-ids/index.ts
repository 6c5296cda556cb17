/**
 * `compact-ids`, as spirv-opt's flag: ids renumbered from 1 in order of first appearance. Also the
 * side-effect-free entry `@spvkit/passes/compact-ids`: importing it registers nothing; see
 * {@link registerCompactIds}.
 *
 * @example
 * ```ts
 * import { compactIds } from '@spvkit/passes/compact-ids';
 * compactIds.run(module, {});
 * ```
 */
export { compactIds, compactModuleIds } from './compactIds.js';
export { registerCompactIds } from './register.js';
