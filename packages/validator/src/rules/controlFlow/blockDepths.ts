import { type ControlFlowGraph, type StructuralGraph } from '@spvkit/core';

const UNKNOWN = -1;
const PENDING = -2;

/**
 * The nesting depth of every block of a function, as spirv-val 2023.1 counts it to tell a case
 * construct's exits to outer constructs from invalid branches: 0 at the entry (and in unreachable
 * blocks); a continue target one deeper than its loop header (than the header's dominator when it
 * is its own continue target); a merge block as deep as its header; a block whose immediate
 * dominator is a header one deeper than it; any other as deep as its immediate dominator.
 * spirv-val computes them in binary order, a cycle through its own computation counting as 0;
 * so does this, without recursion.
 */
export function blockDepths(g: StructuralGraph, cfg: ControlFlowGraph): Int32Array {
  const { n, first } = g;
  const depth = new Int32Array(n).fill(UNKNOWN);
  const chain = new Int32Array(n);
  const adds = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (depth[start] !== UNKNOWN) continue;
    let length = 0;
    let base = 0;
    for (let b = start; ;) {
      depth[b] = PENDING;
      const idom = cfg.idom[first + b] - first;
      let next = -1;
      let add = 0;
      if (idom < 0 || idom === b) {
        // No dominator: depth 0.
      } else if (g.continueHeader[b] >= 0) {
        const loop = g.continueHeader[b];
        next = loop === b ? idom : loop;
        add = 1;
      } else if (g.mergeHeaderStart[b + 1] > g.mergeHeaderStart[b]) {
        next = g.mergeHeaders[g.mergeHeaderStart[b + 1] - 1]; // the last header declaring it
      } else {
        next = idom;
        add = g.mergeInst[idom] >= 0 ? 1 : 0;
      }
      chain[length] = b;
      adds[length++] = add;
      if (next < 0) {
        adds[length - 1] = 0;
        break;
      }
      if (depth[next] === PENDING) break; // a cycle: spirv-val reads the 0 it set before computing
      if (depth[next] !== UNKNOWN) {
        base = depth[next];
        break;
      }
      b = next;
    }
    for (let k = length - 1; k >= 0; k--) {
      base += adds[k];
      depth[chain[k]] = base;
    }
  }
  return depth;
}
