import { StructuralGraph } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';
import { checkBackEdges } from './backEdges.js';
import { checkBlockOrder } from './blockOrder.js';
import { checkBranchInstructions } from './branchInstructions.js';
import { checkConstructs } from './constructs.js';
import { declaresShader } from './declaresShader.js';
import { checkMergeInstructions } from './mergeInstructions.js';
import { checkStructuredSelections } from './structuredSelections.js';

/**
 * The control-flow family. In every module, as spirv-val: merge instructions placed right before
 * their branch and naming blocks of their function, no block the merge block of two headers, loop
 * controls consistent, branch targets blocks of their function other than its first, conditions
 * and selectors of their types, blocks after their dominators. Where the module declares Shader,
 * the structured control-flow rules of SPIR-V 2.11: back edges, the constructs' dominance, exits
 * and entries, switch cases, and structured selections; a function whose merge or branch operands
 * are broken is left out of those (spirv-val stops before them).
 */
export function checkControlFlow(context: FamilyContext): void {
  const { scan, structure } = context;
  const functions = structure.functionBlocks.length;
  const broken = new Uint8Array(functions);
  checkMergeInstructions(context, broken);
  checkBranchInstructions(context, broken);
  checkBlockOrder(context);
  if (!declaresShader(scan)) return;
  // The blocks of the functions the structured rules judge: those whose operands are sound and whose blocks all end.
  const checked = new Uint8Array(structure.blockLabel.length);
  for (let fn = 0; fn < functions; fn++) {
    const { first, end } = structure.functionBlocks[fn];
    if (broken[fn] === 0 && wellFormed(context, first, end)) checked.fill(1, first, end);
  }
  if (checked.indexOf(1) < 0) return;
  const graph = new StructuralGraph(scan, structure, context.cfg);
  const latch = checkBackEdges(context, graph, checked);
  checkConstructs(context, graph, latch, checked);
  checkStructuredSelections(context, graph, checked);
}

/** Whether every block of the function has its terminator (the layout family reports those that do not). */
function wellFormed(context: FamilyContext, first: number, end: number): boolean {
  for (let b = first; b < end; b++) if (context.structure.blockEnd[b] < 0 || context.reporter.isFlagged(context.structure.blockEnd[b])) return false;
  return true;
}
