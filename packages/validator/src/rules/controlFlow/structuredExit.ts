import { Op, type StructuralGraph } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';
import { ConstructKind } from './ConstructBlocks.js';

/**
 * Whether a branch from inside a construct to block `dest` outside it is a structured exit, as
 * spirv-val reads SPIR-V 2.11: out of a loop construct, to its merge block or continue target;
 * out of a continue construct, to its loop header or the loop's merge block; out of a selection,
 * to its merge block, or, climbing the enclosing headers, to the merge block or continue target of
 * the nearest enclosing loop, or the merge block of an enclosing switch (a selection inside a
 * switch may not break past it, and a switch's cases may not leave through an outer selection).
 * `header` is the construct's header (for a continue construct, its loop header); `exit` its
 * merge block.
 */
export function isStructuredExit(context: FamilyContext, g: StructuralGraph, kind: ConstructKind, header: number, exit: number, dest: number): boolean {
  if (kind === ConstructKind.Loop) return dest === g.mergeBlock[header] || dest === g.continueBlock[header];
  if (kind === ConstructKind.Continue) return dest === header || dest === g.mergeBlock[header];
  if (dest === exit) return true;
  const { scan, structure } = context;
  const terminatorOp = (l: number): number => {
    const t = structure.blockEnd[g.first + l];
    return t < 0 ? 0 : scan.opcode[t];
  };
  const headerIsSwitch = terminatorOp(header) === Op.Switch;
  let seenSwitch = false;
  for (let b = enclosing(g, header); b >= 0; b = enclosing(g, b)) {
    const m = g.mergeInst[b];
    if (m < 0) continue;
    const mergeOp = scan.opcode[m];
    const isSwitch = terminatorOp(b) === Op.Switch;
    if (mergeOp !== Op.LoopMerge && (headerIsSwitch || !isSwitch)) continue;
    const merge = g.mergeBlock[b];
    // A construct the header comes after (its merge block dominates the header) does not enclose it.
    if (merge >= 0 && g.dom.dominates(merge, header)) continue;
    if ((!seenSwitch || mergeOp === Op.LoopMerge) && dest === merge) return true;
    if (mergeOp === Op.LoopMerge && dest === g.continueBlock[b]) return true;
    if (isSwitch) seenSwitch = true;
    if (mergeOp === Op.LoopMerge) return false;
  }
  return false;
}

/**
 * The next block up from `b` on the way out of nested constructs: the header that declares `b`
 * its merge block (where that header dominates it), else `b`'s immediate structural dominator;
 * -1 past the entry block.
 */
function enclosing(g: StructuralGraph, b: number): number {
  for (let k = g.mergeHeaderStart[b]; k < g.mergeHeaderStart[b + 1]; k++) {
    const h = g.mergeHeaders[k];
    if (h !== b && g.dom.dominates(h, b)) return h;
  }
  return g.idom(b);
}
