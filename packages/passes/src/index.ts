/**
 * @spvkit/passes — the built-in passes. Importing this package registers them in core's
 * `passRegistry`, so they can be named in `runPasses`, the CLI and the plugins.
 *
 * @example
 * ```ts
 * import { runPasses } from '@spvkit/core';
 * import '@spvkit/passes';
 * runPasses(module, ['lower-local-invocation-index']);
 * ```
 * @packageDocumentation
 */
import { passRegistry } from '@spvkit/core';
import { registerBuiltinPasses } from './registerBuiltinPasses.js';

export { registerBuiltinPasses };
export { lowerLocalInvocationIndex } from './lower-local-invocation-index/index.js';
export {
  validateBuiltins,
  createValidateBuiltinsPass,
  type BuiltinDiagnostic,
  type ValidateBuiltinsOptions,
} from './validate-builtins/index.js';
export {
  snapshotAssembly,
  preserveSource,
  runPassesPreservingSource,
  PreservedSource,
  type AssemblySnapshot,
  type PreserveAssembleOptions,
  type PreserveSourceOptions,
  type PreserveSummary,
  type PreservingRun,
  type PreservingRunOptions,
} from './preserve-source/index.js';

registerBuiltinPasses(passRegistry);
