import { Op, type StructuralGraph } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';

/**
 * Structured selections, as spirv-val checks them: walking the structurally reachable blocks in
 * reverse postorder, an OpSwitch must have an OpSelectionMerge; an OpBranchConditional without
 * one (or with an OpLoopMerge) must have a target already seen as a merge block, continue
 * target or target of an earlier conditional branch or switch (a break, a continue, or a branch
 * back into a construct already split), not two new ones.
 */
export function checkStructuredSelections(context: FamilyContext, g: StructuralGraph, checked: Uint8Array): void {
  const { scan, structure, reporter } = context;
  const seen = new Uint8Array(g.n);
  const mark = (l: number): boolean => {
    if (l < 0 || seen[l] === 1) return false;
    seen[l] = 1;
    return true;
  };
  const local = (label: number): number => {
    const d = label < scan.idLimit ? scan.defOf[label] - 1 : -1;
    const b = d < 0 ? -1 : structure.blockOf[d] - g.first;
    return b >= 0 && b < g.n ? b : -1;
  };
  const order = g.dom.order;
  for (let k = 0; k < order.length; k++) {
    const l = order[k];
    if (l >= g.n || checked[l] === 0) continue; // the root above the functions, or a block of a function left out
    const t = structure.blockEnd[g.first + l];
    if (t < 0) continue;
    const m = g.mergeInst[l];
    const mergeOp = m < 0 ? 0 : scan.opcode[m];
    if (m >= 0) {
      mark(g.mergeBlock[l]);
      if (mergeOp === Op.LoopMerge) mark(g.continueBlock[l]);
    }
    const op = scan.opcode[t];
    const s = scan.operandStart[t];
    if (op === Op.BranchConditional && scan.end[t] >= s + 3) {
      const a = local(scan.words[s + 1]);
      const b = local(scan.words[s + 2]);
      const aNew = mark(a);
      const bNew = mark(b);
      if ((m < 0 || mergeOp === Op.LoopMerge) && aNew && bNew) {
        const label = scan.resultId[structure.blockLabel[g.first + l]];
        const first = scan.words[s + 1];
        const second = scan.words[s + 2];
        reporter.report(
          'spvkit-control-flow-structured-selection',
          t,
          (n) =>
            `OpBranchConditional in ${n(label)} splits control flow to ${n(first)} and ${n(second)}, neither a merge block, continue target or earlier target, without an OpSelectionMerge: the selection must be structured`,
          [label, first, second],
        );
      }
    } else if (op === Op.Switch) {
      if (m < 0) {
        const label = scan.resultId[structure.blockLabel[g.first + l]];
        reporter.report('spvkit-control-flow-structured-selection', t, (n) => `OpSwitch in ${n(label)} must be preceded by an OpSelectionMerge`, [label]);
      }
      // Its targets are the block's successors.
      const gb = g.first + l;
      for (let e = context.cfg.succStart[gb]; e < context.cfg.succStart[gb + 1]; e++) mark(context.cfg.succs[e] - g.first);
    }
  }
}
