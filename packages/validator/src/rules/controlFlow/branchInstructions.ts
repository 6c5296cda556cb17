import { Op, definitionOf } from '@spvkit/core';
import type { FamilyContext } from '../FamilyContext.js';

const SPIRV_1_6 = 0x00010600;

/**
 * The branch instructions, in every module: their targets are blocks of their own function other
 * than its first block; OpBranchConditional's condition is a boolean scalar and, from SPIR-V 1.6,
 * its targets differ; OpSwitch's selector is an integer scalar. Marks in `broken` the functions
 * with a target that is no block of theirs (their graph lacks that edge, so the structured rules
 * leave them alone, as spirv-val stops there).
 */
export function checkBranchInstructions(context: FamilyContext, broken: Uint8Array): void {
  const { scan, structure, reporter } = context;
  const { opcode, words, operandStart, end } = scan;
  const version = words[1];
  // Branches end blocks: a branch anywhere else is the layout family's finding.
  for (let block = 0; block < structure.blockEnd.length; block++) {
    const i = structure.blockEnd[block];
    if (i < 0) continue;
    const op = opcode[i];
    if (op !== Op.Branch && op !== Op.BranchConditional && op !== Op.Switch) continue;
    const fn = structure.functionOf[i];
    if (fn < 0) continue;
    if (reporter.isFlagged(i)) {
      broken[fn] = 1;
      continue;
    }
    const s = operandStart[i];
    const e = end[i];
    const blocks = structure.functionBlocks[fn];
    const entryLabel = blocks.end > blocks.first ? scan.resultId[structure.blockLabel[blocks.first]] : 0;
    const from = scan.resultId[structure.blockLabel[structure.blockOf[i]]];
    const name = op === Op.Branch ? 'OpBranch' : op === Op.BranchConditional ? 'OpBranchConditional' : 'OpSwitch';
    const target = (k: number): void => {
      const label = words[k];
      const d = definitionOf(scan, label);
      if (d < 0) return; // undefined: the ids family's
      if (opcode[d] !== Op.Label) {
        reporter.report('spvkit-control-flow-branch-target', i, (n) => `the target ${n(label)} of ${name} is not a block (OpLabel)`, [label]);
        broken[fn] = 1;
      } else if (structure.functionOf[d] !== fn) {
        reporter.report('spvkit-control-flow-branch-target', i, (n) => `the target ${n(label)} of ${name} is a block of another function`, [label]);
        broken[fn] = 1;
      } else if (label === entryLabel) {
        reporter.report(
          'spvkit-control-flow-entry-target',
          i,
          (n) => `${name} in block ${n(from)} targets ${n(label)}, the first block of its function, which no branch may target`,
          [from, label],
        );
        broken[fn] = 1;
      }
    };
    if (op === Op.Branch) {
      if (e > s) target(s);
      continue;
    }
    if (op === Op.BranchConditional) {
      if (e < s + 3) continue;
      const condition = words[s];
      if (!isScalar(context, condition, Op.TypeBool)) {
        reporter.report('spvkit-control-flow-condition', i, (n) => `the condition ${n(condition)} of OpBranchConditional is not a boolean scalar`, [condition]);
      }
      target(s + 1);
      target(s + 2);
      if (version >= SPIRV_1_6 && words[s + 1] === words[s + 2]) {
        const label = words[s + 1];
        reporter.report(
          'spvkit-control-flow-condition',
          i,
          (n) => `from SPIR-V 1.6, the two targets of OpBranchConditional must differ (both are ${n(label)})`,
          [label],
        );
      }
      continue;
    }
    if (e < s + 2) continue;
    const selector = words[s];
    const literalWords = isScalar(context, selector, Op.TypeInt, 64) ? 2 : 1;
    if (!isScalar(context, selector, Op.TypeInt)) {
      reporter.report('spvkit-control-flow-condition', i, (n) => `the selector ${n(selector)} of OpSwitch is not an integer scalar`, [selector]);
    }
    target(s + 1);
    for (let k = s + 2 + literalWords; k < e; k += literalWords + 1) target(k);
  }
}

/** Whether `value`'s type is a scalar of type opcode `typeOp` (and, if given, of that width). */
function isScalar(context: FamilyContext, value: number, typeOp: number, width?: number): boolean {
  const { scan } = context;
  const d = definitionOf(scan, value);
  if (d < 0 || scan.typeId[d] === 0) return false;
  const t = definitionOf(scan, scan.typeId[d]);
  if (t < 0 || scan.opcode[t] !== typeOp) return false;
  return width === undefined || scan.words[scan.operandStart[t]] === width;
}
