import { Op, type StructuralGraph } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';

/**
 * Back edges (SPIR-V 2.11): each goes to a loop header, and each structurally reachable loop
 * header is the target of back edges from exactly one block. As spirv-val, back edges are found
 * in unreachable blocks too. Returns each loop header's back-edge block (local number), or -1
 * where it has not exactly one: the continue construct's rules need that block.
 */
export function checkBackEdges(context: FamilyContext, g: StructuralGraph, checked: Uint8Array): Int32Array {
  const { scan, structure, cfg, reporter } = context;
  const { first, n } = g;
  const latch = new Int32Array(n).fill(-1);
  const latches = new Int32Array(n);
  const label = (l: number): number => scan.resultId[structure.blockLabel[first + l]];
  for (let from = 0; from < n; from++) {
    if (checked[from] === 0) continue;
    const b = first + from;
    for (let e = cfg.succStart[b]; e < cfg.succStart[b + 1]; e++) {
      const to = cfg.succs[e] - first;
      if (!g.isBackEdge(from, to)) continue;
      if (!isLoopHeader(scan, g, to)) {
        const fromLabel = label(from);
        const toLabel = label(to);
        reporter.report(
          'spvkit-control-flow-back-edge',
          structure.blockEnd[b],
          (name) =>
            `the branch from ${name(fromLabel)} back to ${name(toLabel)} is a back edge, but ${name(toLabel)} is no loop header (it has no OpLoopMerge)`,
          [fromLabel, toLabel],
        );
        continue;
      }
      latch[to] = from;
      latches[to]++;
    }
  }
  for (let h = 0; h < n; h++) {
    if (checked[h] === 0 || !isLoopHeader(scan, g, h) || !g.reachable(h)) continue;
    if (latches[h] === 1) continue;
    latch[h] = -1;
    const header = label(h);
    const count = latches[h];
    reporter.report(
      'spvkit-control-flow-loop-back-edges',
      g.mergeInst[h],
      (name) => `the loop header ${name(header)} is the target of back edges from ${count} blocks; exactly one (in its continue construct) is required`,
      [header],
    );
  }
  return latch;
}

/** Whether block `l` is a loop header: OpLoopMerge before its terminator. */
export function isLoopHeader(scan: FamilyContext['scan'], g: StructuralGraph, l: number): boolean {
  return g.mergeInst[l] >= 0 && scan.opcode[g.mergeInst[l]] === Op.LoopMerge;
}
