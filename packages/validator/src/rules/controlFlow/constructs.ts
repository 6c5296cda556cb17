import { Op, type StructuralGraph } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';
import { isLoopHeader } from './backEdges.js';
import { CONSTRUCT_NAMES, ConstructBlocks, ConstructKind } from './ConstructBlocks.js';
import { isStructuredExit } from './structuredExit.js';
import { checkSwitchCases, type CaseScratch } from './switchCases.js';
import { blockDepths } from './blockDepths.js';

/**
 * The constructs of one function (SPIR-V 2.11), for each structurally reachable header in binary
 * order, as spirv-val checks them: the header strictly structurally dominates its merge block; a
 * continue target dominates its back-edge block, which post-dominates it; each selection, loop and
 * continue construct is left only through structured exits and entered only through its header,
 * and holds the merge blocks of the headers inside it; a continue target is branched to only from
 * inside its loop; a switch's cases follow the case rules. `latch` is each loop header's
 * back-edge block (-1: not exactly one, which the back-edge rule reported).
 */
export function checkConstructs(context: FamilyContext, g: StructuralGraph, latch: Int32Array, checked: Uint8Array): void {
  const { scan, structure, reporter } = context;
  const blocks = new ConstructBlocks(g);
  const label = (l: number): number => scan.resultId[structure.blockLabel[g.first + l]];
  let scratch: CaseScratch | undefined;
  let depths: Int32Array | undefined;
  for (let h = 0; h < g.n; h++) {
    const m = g.mergeInst[h];
    const merge = g.mergeBlock[h];
    if (m < 0 || merge < 0 || checked[h] === 0 || !g.reachable(h)) continue;
    const loop = isLoopHeader(scan, g, h);
    const kind = loop ? ConstructKind.Loop : ConstructKind.Selection;
    const headerLabel = label(h);
    const mergeLabel = label(merge);
    let sound = false;
    if (!g.dom.dominates(h, merge)) {
      reporter.report(
        'spvkit-control-flow-merge-dominance',
        m,
        (n) => `the ${CONSTRUCT_NAMES[kind]} header ${n(headerLabel)} does not structurally dominate its merge block ${n(mergeLabel)}`,
        [headerLabel, mergeLabel],
      );
    } else if (merge === h) {
      // A loop naming its own block is the loop-merge rule's finding.
      if (!loop)
        reporter.report('spvkit-control-flow-merge-dominance', m, (n) => `the selection header ${n(headerLabel)} may not be its own merge block`, [
          headerLabel,
        ]);
    } else {
      const cont = loop ? g.continueBlock[h] : -1;
      if (loop && cont < 0) continue;
      blocks.collect(kind, h, merge, cont);
      sound = checkConstructBlocks(context, g, blocks, kind, h, merge);
      if (sound && loop && cont !== h) sound = checkContinueEntries(context, g, blocks, h, cont);
    }
    if (loop) {
      const cont = g.continueBlock[h];
      const exit = latch[h];
      if (cont < 0 || exit < 0 || !g.reachable(cont)) continue;
      const contLabel = label(cont);
      const exitLabel = label(exit);
      if (!g.dom.dominates(cont, exit)) {
        reporter.report(
          'spvkit-control-flow-continue-construct',
          structure.blockEnd[g.first + exit],
          (n) => `the continue target ${n(contLabel)} does not structurally dominate the back-edge block ${n(exitLabel)} of its loop ${n(headerLabel)}`,
          [contLabel, exitLabel, headerLabel],
        );
      } else if (!g.postDom.dominates(exit, cont)) {
        reporter.report(
          'spvkit-control-flow-continue-construct',
          structure.blockEnd[g.first + exit],
          (n) => `the back-edge block ${n(exitLabel)} of the loop ${n(headerLabel)} does not structurally post-dominate its continue target ${n(contLabel)}`,
          [exitLabel, headerLabel, contLabel],
        );
      } else {
        blocks.collect(ConstructKind.Continue, cont, exit, -1);
        checkConstructBlocks(context, g, blocks, ConstructKind.Continue, h, merge);
      }
    } else if (sound && scan.opcode[structure.blockEnd[g.first + h]] === Op.Switch) {
      scratch ??= {
        isTarget: new Int32Array(g.n),
        visited: new Int32Array(g.n),
        stack: new Int32Array(g.succs.length + 1),
        from: new Int32Array(g.succs.length + 1),
        stamp: 0,
        depths: () => (depths ??= blockDepths(g, context.cfg)),
      };
      checkSwitchCases(context, g, h, merge, scratch);
    }
  }
}

/**
 * The rules on the blocks of the construct `blocks` holds: exits structured, entries through the
 * header, nested headers' merge blocks inside. `header` is the construct's header (a continue
 * construct's loop header), `exit` its merge block. Returns whether it found nothing.
 */
function checkConstructBlocks(context: FamilyContext, g: StructuralGraph, blocks: ConstructBlocks, kind: ConstructKind, header: number, exit: number): boolean {
  const { scan, structure, cfg, reporter } = context;
  const label = (l: number): number => scan.resultId[structure.blockLabel[g.first + l]];
  // A loop that is its own continue target has an empty loop construct: its blocks are the continue construct's.
  if (blocks.count === 0) return true;
  const entry = blocks.list[0];
  const entryLabel = label(entry);
  const name = CONSTRUCT_NAMES[kind];
  const before = reporter.findings.length;
  for (let k = 0; k < blocks.count; k++) {
    const b = blocks.list[k];
    const gb = g.first + b;
    for (let e = cfg.succStart[gb]; e < cfg.succStart[gb + 1]; e++) {
      const s = cfg.succs[e] - g.first;
      if (blocks.has(s) || isStructuredExit(context, g, kind, header, exit, s)) continue;
      const from = label(b);
      const to = label(s);
      reporter.report(
        'spvkit-control-flow-construct-exit',
        structure.blockEnd[gb],
        (n) => `block ${n(from)} leaves the ${name} construct headed by ${n(entryLabel)} for ${n(to)}, which is not a structured exit`,
        [from, entryLabel, to],
      );
    }
    if (b === entry) continue;
    for (let e = cfg.predStart[gb]; e < cfg.predStart[gb + 1]; e++) {
      const p = cfg.preds[e] - g.first;
      if (!g.reachable(p) || blocks.has(p)) continue;
      const from = label(p);
      const to = label(b);
      reporter.report(
        'spvkit-control-flow-construct-entry',
        structure.blockEnd[g.first + p],
        (n) => `block ${n(from)} branches into the ${name} construct headed by ${n(entryLabel)} at ${n(to)}, not at its header`,
        [from, entryLabel, to],
      );
    }
    const nestedMerge = g.mergeInst[b] >= 0 ? g.mergeBlock[b] : -1;
    if (nestedMerge >= 0 && g.reachable(nestedMerge) && !blocks.has(nestedMerge)) {
      const nested = label(b);
      const mergeLabel = label(nestedMerge);
      reporter.report(
        'spvkit-control-flow-nested-merge',
        g.mergeInst[b],
        (n) => `the header ${n(nested)} is inside the ${name} construct headed by ${n(entryLabel)}, but its merge block ${n(mergeLabel)} is not`,
        [nested, entryLabel, mergeLabel],
      );
    }
  }
  return reporter.findings.length === before;
}

/**
 * A loop's continue target is branched to only from the loop construct (which `blocks` holds) or
 * by a back edge to it. spirv-val 2023.1 holds unreachable blocks to this too.
 */
function checkContinueEntries(context: FamilyContext, g: StructuralGraph, blocks: ConstructBlocks, header: number, cont: number): boolean {
  const { scan, structure, cfg, reporter } = context;
  const label = (l: number): number => scan.resultId[structure.blockLabel[g.first + l]];
  const gc = g.first + cont;
  let sound = true;
  for (let e = cfg.predStart[gc]; e < cfg.predStart[gc + 1]; e++) {
    const p = cfg.preds[e] - g.first;
    if (blocks.has(p) || g.isBackEdge(p, cont)) continue;
    const from = label(p);
    const contLabel = label(cont);
    const headerLabel = label(header);
    reporter.report(
      'spvkit-control-flow-continue-entry',
      structure.blockEnd[g.first + p],
      (n) => `block ${n(from)} branches to the continue target ${n(contLabel)} of the loop ${n(headerLabel)}, but is not inside that loop`,
      [from, contLabel, headerLabel],
    );
    sound = false;
  }
  return sound;
}
