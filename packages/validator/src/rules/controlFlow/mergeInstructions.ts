import { Op, definitionOf } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';

// LoopControl bits (SPIR-V 3.23) whose combinations spirv-val checks, and those that take an operand before IterationMultiple's.
const UNROLL = 0x1;
const DONT_UNROLL = 0x2;
const DEPENDENCY_LENGTH = 0x8;
const MIN_ITERATIONS = 0x10;
const MAX_ITERATIONS = 0x20;
const ITERATION_MULTIPLE = 0x40;
const PEEL_COUNT = 0x80;
const PARTIAL_COUNT = 0x100;

/**
 * The merge instructions, in every module (spirv-val checks these whatever the capabilities): each
 * right before a terminator it may precede, naming blocks of its own function; an OpLoopMerge's
 * merge block neither its own block nor its continue target, its loop controls consistent; no
 * block the merge block of two headers. Returns, per function, whether a merge operand was
 * broken (the structured rules then leave that function alone).
 */
export function checkMergeInstructions(context: FamilyContext, broken: Uint8Array): void {
  const { scan, structure, reporter } = context;
  const { opcode, words, operandStart, end, count } = scan;
  // Per label id: the first merge instruction naming it, plus one.
  const mergedBy = new Int32Array(scan.idLimit);
  // The merge instructions, found by the typed array's native search rather than a walk over every instruction.
  let nextSelection = opcode.indexOf(Op.SelectionMerge);
  let nextLoop = opcode.indexOf(Op.LoopMerge);
  while (nextSelection >= 0 || nextLoop >= 0) {
    const i = nextLoop < 0 || (nextSelection >= 0 && nextSelection < nextLoop) ? nextSelection : nextLoop;
    const op = opcode[i];
    if (op === Op.SelectionMerge) nextSelection = opcode.indexOf(Op.SelectionMerge, i + 1);
    else nextLoop = opcode.indexOf(Op.LoopMerge, i + 1);
    const fn = structure.functionOf[i];
    const block = structure.blockOf[i];
    if (fn < 0 || block < 0 || reporter.isFlagged(i)) {
      if (fn >= 0) broken[fn] = 1;
      continue;
    }
    const name = op === Op.LoopMerge ? 'OpLoopMerge' : 'OpSelectionMerge';
    if (i + 1 < count) {
      const next = opcode[i + 1];
      const fits = op === Op.LoopMerge ? next === Op.Branch || next === Op.BranchConditional : next === Op.BranchConditional || next === Op.Switch;
      if (!fits) {
        reporter.report('spvkit-control-flow-merge-position', i, () =>
          op === Op.LoopMerge
            ? 'OpLoopMerge must come right before the OpBranch or OpBranchConditional that ends its block'
            : 'OpSelectionMerge must come right before the OpBranchConditional or OpSwitch that ends its block',
        );
        broken[fn] = 1;
      }
    }
    const s = operandStart[i];
    if (end[i] <= s) continue;
    const merge = words[s];
    const blockLabel = scan.resultId[structure.blockLabel[block]];
    if (!isLabelOf(context, merge, fn)) {
      reporter.report('spvkit-control-flow-merge-label', i, (n) => `the merge block ${n(merge)} of ${name} is not a block of this function`, [merge]);
      broken[fn] = 1;
    } else if (mergedBy[merge] === 0) {
      mergedBy[merge] = i + 1;
    } else {
      const other = structure.blockOf[mergedBy[merge] - 1];
      const otherLabel = other >= 0 ? scan.resultId[structure.blockLabel[other]] : 0;
      reporter.report(
        'spvkit-control-flow-merge-unique',
        i,
        (n) => `${n(merge)} is already the merge block of the header ${n(otherLabel)}; ${name} of ${n(blockLabel)} may not name it again`,
        [merge, otherLabel, blockLabel],
      );
      broken[fn] = 1;
    }
    if (op !== Op.LoopMerge || end[i] <= s + 2) continue;
    const cont = words[s + 1];
    if (merge === blockLabel) {
      reporter.report('spvkit-control-flow-loop-merge', i, (n) => `the merge block of OpLoopMerge may not be its own block ${n(merge)}`, [merge]);
      broken[fn] = 1;
    }
    if (!isLabelOf(context, cont, fn)) {
      reporter.report('spvkit-control-flow-merge-label', i, (n) => `the continue target ${n(cont)} of OpLoopMerge is not a block of this function`, [cont]);
      broken[fn] = 1;
    } else if (merge === cont) {
      reporter.report('spvkit-control-flow-loop-merge', i, (n) => `OpLoopMerge names ${n(merge)} as both its merge block and its continue target`, [merge]);
      broken[fn] = 1;
    }
    checkLoopControl(context, i, s + 2);
  }
}

/** Whether `id` is the OpLabel of a block of function `fn`. */
function isLabelOf(context: FamilyContext, id: number, fn: number): boolean {
  const d = definitionOf(context.scan, id);
  return d >= 0 && context.scan.opcode[d] === Op.Label && context.structure.functionOf[d] === fn;
}

function checkLoopControl(context: FamilyContext, i: number, at: number): void {
  const { scan, reporter } = context;
  const control = scan.words[at];
  const both = (a: number, b: number): boolean => (control & a) !== 0 && (control & b) !== 0;
  const clash = both(UNROLL, DONT_UNROLL)
    ? 'Unroll and DontUnroll'
    : both(DONT_UNROLL, PEEL_COUNT)
      ? 'PeelCount and DontUnroll'
      : both(DONT_UNROLL, PARTIAL_COUNT)
        ? 'PartialCount and DontUnroll'
        : undefined;
  if (clash !== undefined) {
    reporter.report('spvkit-control-flow-loop-control', i, () => `the loop controls ${clash} may not both be given`);
    return;
  }
  if ((control & ITERATION_MULTIPLE) === 0) return;
  // IterationMultiple's operand follows those of the controls before it.
  let operand = at + 1;
  for (const bit of [DEPENDENCY_LENGTH, MIN_ITERATIONS, MAX_ITERATIONS]) if ((control & bit) !== 0) operand++;
  if (operand >= scan.end[i] || scan.words[operand] === 0) {
    reporter.report('spvkit-control-flow-loop-control', i, () => 'the IterationMultiple loop control operand must be greater than zero');
  }
}
