/**
 * Source-preserving assembly: passes applied to hand-written `.spvasm` keep the author's text,
 * and a source map leads from the edited text back to it.
 */
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
} from './preserveSource.js';
export { IdNamer } from './naming.js';
export type { LineStyle } from './layout.js';
