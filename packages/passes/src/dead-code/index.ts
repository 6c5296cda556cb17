/**
 * The dead-code passes, as spirv-opt's flags of the same names: `eliminate-dead-functions`,
 * `eliminate-dead-const`, `eliminate-dead-variables`, `remove-unused-interface-variables`. Each
 * also removes the types, constants, names and decorations its removals leave unused. Also the
 * side-effect-free entry `@spvkit/passes/dead-code`: importing it registers nothing; see
 * {@link registerDeadCodePasses}.
 *
 * @example
 * ```ts
 * import { eliminateDeadFunctions } from '@spvkit/passes/dead-code';
 * eliminateDeadFunctions.run(module, {});
 * ```
 */
export { eliminateDeadFunctions } from './eliminateDeadFunctions.js';
export { eliminateDeadConst } from './eliminateDeadConst.js';
export { eliminateDeadVariables } from './eliminateDeadVariables.js';
export { removeUnusedInterfaceVariables } from './removeUnusedInterfaceVariables.js';
export { registerDeadCodePasses } from './register.js';
