export { DefUseAnalysis, type DefUse, type Use } from './DefUse.js';
export { DecorationsAnalysis, type Decorations, type AppliedDecoration } from './Decorations.js';
export { NamesAnalysis, type Names } from './Names.js';
export { CallGraphAnalysis, type CallGraph } from './CallGraph.js';
export { EntryPointsAnalysis, type EntryPoints, type EntryPointInfo } from './EntryPoints.js';
export { TypeManager, TypesAnalysis, isTypeOpcode } from './TypeManager.js';
export { SourceLocationsAnalysis, type SourceLocations } from './SourceLocations.js';
export * from './reflection/index.js';
