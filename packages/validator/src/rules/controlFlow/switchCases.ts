import { Op, type StructuralGraph, definitionOf } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';

/** What the case rules of one function share: scratch arrays, and the block depths once a switch needs them. */
export interface CaseScratch {
  readonly isTarget: Int32Array;
  readonly visited: Int32Array;
  readonly stack: Int32Array;
  readonly from: Int32Array;
  stamp: number;
  depths: () => Int32Array;
}

/**
 * The case constructs of one OpSwitch (SPIR-V 2.11, as spirv-val 2023.1 checks them): the switch
 * header structurally dominates each case; a case leaves only to another case (falling through),
 * the switch's merge block, or a block less deeply nested (an outer merge block or continue
 * target); it falls through to at most one case, that case comes right after it among the
 * targets (after the default's, where it falls through to the default), and no case is fallen
 * into from two. `header` is the switch's block, `merge` its merge block (local numbers).
 */
export function checkSwitchCases(context: FamilyContext, g: StructuralGraph, header: number, merge: number, scratch: CaseScratch): void {
  const { scan, structure, reporter } = context;
  const t = structure.blockEnd[g.first + header];
  const s = scan.operandStart[t];
  const e = scan.end[t];
  if (e < s + 2) return;
  const labelOf = (l: number): number => scan.resultId[structure.blockLabel[g.first + l]];
  const local = (label: number): number => {
    const d = definitionOf(scan, label);
    return d < 0 ? -1 : structure.blockOf[d] - g.first;
  };
  // Targets in operand order: the default, then each case's.
  const literalWords = selectorIs64(context, scan.words[s]) ? 2 : 1;
  const targets: number[] = [local(scan.words[s + 1])];
  for (let k = s + 2 + literalWords; k < e; k += literalWords + 1) targets.push(local(scan.words[k]));
  if (targets.some((l) => l < 0 || l >= g.n)) return;
  const stamp = ++scratch.stamp;
  for (const l of targets) if (l !== merge) scratch.isTarget[l] = stamp;
  const fallsTo = new Map<number, number>();
  const fallenInto = new Map<number, number>();
  const defaultTarget = targets[0];
  const defaultRepeats = targets.indexOf(defaultTarget, 1) > 0;
  let defaultFallsTo = -1;
  for (let k = 0; k < targets.length; k++) {
    const target = targets[k];
    if (target === merge) continue;
    let to = fallsTo.get(target);
    if (to === undefined) {
      if (g.reachable(header) && g.reachable(target) && !g.dom.dominates(header, target)) {
        const headerLabel = labelOf(header);
        const caseLabel = labelOf(target);
        reporter.report(
          'spvkit-control-flow-case-dominance',
          t,
          (n) => `the switch header ${n(headerLabel)} does not structurally dominate its case construct ${n(caseLabel)}`,
          [headerLabel, caseLabel],
        );
        return;
      }
      const found = caseFallThrough(context, g, target, merge, scratch, stamp);
      if (found === undefined) return;
      to = found;
      if (to >= 0) fallenInto.set(to, (fallenInto.get(to) ?? 0) + 1);
      fallsTo.set(target, to);
    }
    if (to === defaultTarget && !defaultRepeats) to = defaultFallsTo;
    if (to < 0) continue;
    if (k === 0) {
      defaultFallsTo = to;
      continue;
    }
    // Cases sharing a target (case x: case y: ...) count as one: the case after the last of them must be the one fallen into.
    let j = k;
    while (j + 1 < targets.length && targets[j + 1] === target) j++;
    if (j + 1 >= targets.length || targets[j + 1] !== to) {
      const caseLabel = labelOf(target);
      const toLabel = labelOf(to);
      reporter.report(
        'spvkit-control-flow-case-order',
        t,
        (n) => `the case construct ${n(caseLabel)} falls through to the case ${n(toLabel)}, so it must come right before it in the OpSwitch's target list`,
        [caseLabel, toLabel],
      );
      return;
    }
  }
  for (const [to, times] of fallenInto) {
    if (times < 2) continue;
    const toLabel = labelOf(to);
    reporter.report('spvkit-control-flow-case-fall-through', t, (n) => `${times} case constructs fall through to the case ${n(toLabel)}; at most one may`, [
      toLabel,
    ]);
  }
}

/**
 * The case the case construct starting at `target` falls through to (-1: none), walking its
 * blocks (those `target` structurally dominates); undefined after reporting a branch it may not
 * make. Exits to blocks less deeply nested than the case, or as deep and continue targets, are
 * spirv-val 2023.1's allowed exits to enclosing constructs.
 */
function caseFallThrough(
  context: FamilyContext,
  g: StructuralGraph,
  target: number,
  merge: number,
  scratch: CaseScratch,
  targetStamp: number,
): number | undefined {
  const { scan, structure, cfg, reporter } = context;
  const { visited, stack, from, isTarget } = scratch;
  const seen = ++scratch.stamp;
  const reachable = g.reachable(target);
  let depths: Int32Array | undefined;
  let fallsTo = -1;
  let top = 0;
  stack[top] = target;
  from[top++] = target;
  while (top > 0) {
    const b = stack[--top];
    const source = from[top];
    if (b === merge || visited[b] === seen) continue;
    visited[b] = seen;
    if (reachable && g.reachable(b) && g.dom.dominates(target, b)) {
      const gb = g.first + b;
      for (let k = cfg.succStart[gb]; k < cfg.succStart[gb + 1]; k++) {
        stack[top] = cfg.succs[k] - g.first;
        from[top++] = b;
      }
      continue;
    }
    const caseLabel = scan.resultId[structure.blockLabel[g.first + target]];
    const toLabel = scan.resultId[structure.blockLabel[g.first + b]];
    if (isTarget[b] !== targetStamp) {
      depths ??= scratch.depths();
      if (depths[b] < depths[target] || (depths[b] === depths[target] && g.continueHeader[b] >= 0)) continue;
      reporter.report(
        'spvkit-control-flow-case-exit',
        structure.blockEnd[g.first + source],
        (n) =>
          `the case construct ${n(caseLabel)} branches to ${n(toLabel)}, which is not another case, the switch's merge block, or an enclosing loop's merge block or continue target`,
        [caseLabel, toLabel],
      );
      return undefined;
    }
    if (fallsTo < 0) {
      if (b !== target) fallsTo = b;
    } else if (fallsTo !== b) {
      const firstLabel = scan.resultId[structure.blockLabel[g.first + fallsTo]];
      reporter.report(
        'spvkit-control-flow-case-fall-through',
        structure.blockEnd[g.first + source],
        (n) => `the case construct ${n(caseLabel)} branches to two other cases, ${n(firstLabel)} and ${n(toLabel)}; it may fall through to one only`,
        [caseLabel, firstLabel, toLabel],
      );
      return undefined;
    }
  }
  return fallsTo;
}

function selectorIs64(context: FamilyContext, selector: number): boolean {
  const { scan } = context;
  const d = definitionOf(scan, selector);
  const t = d < 0 ? -1 : definitionOf(scan, scan.typeId[d]);
  return t >= 0 && scan.opcode[t] === Op.TypeInt && scan.words[scan.operandStart[t]] === 64;
}
