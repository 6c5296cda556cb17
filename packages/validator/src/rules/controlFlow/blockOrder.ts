import type { FamilyContext } from '../FamilyContext.js';

/**
 * Block order (SPIR-V 2.16.1, every module): each reachable block comes after its immediate
 * dominator in the binary. Blocks are numbered in binary order, so that is a comparison of numbers.
 */
export function checkBlockOrder(context: FamilyContext): void {
  const { scan, structure, cfg, reporter } = context;
  for (const { first, end } of structure.functionBlocks) {
    for (let b = first + 1; b < end; b++) {
      const idom = cfg.idom[b];
      if (idom < 0 || idom < b) continue;
      const label = scan.resultId[structure.blockLabel[b]];
      const dominator = scan.resultId[structure.blockLabel[idom]];
      reporter.report(
        'spvkit-control-flow-block-order',
        structure.blockLabel[b],
        (n) => `block ${n(label)} appears in the binary before its dominator ${n(dominator)}`,
        [label, dominator],
      );
    }
  }
}
