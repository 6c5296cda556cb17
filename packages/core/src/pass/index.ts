export { type Diagnostic, type Severity, hasErrors, formatDiagnostic } from './Diagnostic.js';
export { type Pass, type PassContext, type PassResult, UNCHANGED } from './Pass.js';
export { PassRegistry, passRegistry, splitPassSpec, type PassArgument, type PassFactory, type PassListing } from './PassRegistry.js';
export { runPasses, type RunPassesOptions, type RunPassesResult, type PassTiming } from './runPasses.js';
