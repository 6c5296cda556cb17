export { DefUseAnalysis, type DefUse, type Use } from './DefUse.js';
export { DecorationsAnalysis, type Decorations, type AppliedDecoration } from './Decorations.js';
export { NamesAnalysis, type Names } from './Names.js';
export { CallGraphAnalysis, type CallGraph } from './CallGraph.js';
export { EntryPointsAnalysis, type EntryPoints, type EntryPointInfo } from './EntryPoints.js';
export { TypeManager, TypesAnalysis } from './TypeManager.js';
export { SourceLocationsAnalysis, type SourceLocations } from './SourceLocations.js';
export {
  resolveWorkgroupSize,
  sizeOfEntryPoint,
  workgroupSizeConstant,
  workgroupSizeInputs,
  workgroupDimOfId,
  workgroupSizeContext,
  workgroupSizeKey,
  WorkgroupSizeProblem,
  COMPUTE_LIKE_MODELS,
  type WorkgroupDim,
  type WorkgroupSizeSource,
  type ResolvedWorkgroupSize,
  type WorkgroupSizeContext,
} from './workgroupSize.js';
export * from './reflection/index.js';
export { ModuleIndexAnalysis, type IndexedWords } from './ModuleIndexAnalysis.js';
export { ControlFlowAnalysis, ControlFlow, FunctionControlFlow } from './controlFlow/ControlFlow.js';
export { ControlFlowGraph } from './controlFlow/ControlFlowGraph.js';
export { DominatorTree } from './controlFlow/DominatorTree.js';
export { StructuralGraph } from './controlFlow/StructuralGraph.js';
