/**
 * The stripping passes, as spirv-opt's flags of the same names: `strip-debug`,
 * `strip-nonsemantic` and `strip-reflect`. Also the side-effect-free entry `@spvkit/passes/strip`:
 * importing it registers nothing; see {@link registerStripPasses}.
 *
 * @example
 * ```ts
 * import { stripDebug } from '@spvkit/passes/strip';
 * stripDebug.run(module, {});
 * ```
 */
export { stripDebug } from './stripDebug.js';
export { stripNonSemantic, stripReflect } from './stripNonSemantic.js';
export { registerStripPasses } from './register.js';
