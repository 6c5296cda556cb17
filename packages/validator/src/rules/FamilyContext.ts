import type { Module, ControlFlowGraph, IdOperandWalker, ModuleIndex, BlockStructure } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';

/** What every rule family after the first ones is given: the scan and what was built on it once. */
export interface FamilyContext {
  readonly scan: ModuleIndex;
  readonly ids: IdOperandWalker;
  readonly structure: BlockStructure;
  readonly cfg: ControlFlowGraph;
  readonly reporter: Reporter;
  /**
   * The target environment asked for (`vulkan1.3`, `spv1.5`, `universal1.4`, ...), or undefined:
   * then the module is judged by its own header version, with no client API's rules.
   */
  readonly targetEnv: string | undefined;
  /**
   * The Module validate() was given (its words are `scan.words`), or undefined when it was given
   * words: a family that needs a decoded module (builtins) uses it rather than decoding again.
   */
  readonly module?: Module;
}
