import { Op, enumerantParameters, instructionAt, instructionOperands, walkOperands, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';
import { ScanOperandContext } from '../scan/ScanOperandContext.js';

/** Per opcode: 1 when an operand of its own is a literal string, 0 when none is; -1 not computed yet. */
const holdsString = new Int8Array(65536).fill(-1);

function computeHoldsString(opcode: number): number {
  const specs = instructionOperands(opcode);
  return specs !== undefined && specs.some((s) => s.kind === 'LiteralString') ? 1 : 0;
}

/** The word index of the Decoration operand of a decorating instruction, else -1. */
function decorationWord(scan: ModuleIndex, i: number): number {
  switch (scan.opcode[i]) {
    case Op.Decorate:
    case Op.DecorateId:
    case Op.DecorateString:
      return scan.operandStart[i] + 1;
    case Op.MemberDecorate:
    case Op.MemberDecorateString:
    case Op.MemberDecorateIdEXT:
      return scan.operandStart[i] + 2;
    default:
      return -1;
  }
}

/**
 * Every literal string ends with a nul byte inside its instruction (OpString, OpName, OpEntryPoint's
 * name, a LinkageAttributes or UserSemantic decoration, ...). A string that runs to the end of
 * its instruction takes the following operands with it: spirv-val's binary parser rejects the
 * module, and core's decoder does too, so the later families must not see it as well formed.
 *
 * Only the instructions that can hold a string are walked: those whose grammar names a
 * LiteralString operand, and the decorations whose parameters do.
 */
export function checkLiteralStrings(scan: ModuleIndex, reporter: Reporter): void {
  const { count, opcode, words } = scan;
  let context: ScanOperandContext | undefined;
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    let holds = holdsString[op];
    if (holds < 0) holds = holdsString[op] = computeHoldsString(op);
    if (holds === 0) {
      const d = decorationWord(scan, i);
      if (d < 0 || d >= scan.end[i]) continue;
      const parameters = enumerantParameters('Decoration', words[d]);
      if (parameters === undefined || !parameters.some((p) => p.kind === 'LiteralString')) continue;
    }
    const inst = instructionAt(words, scan.pos[i], scan.end[i] - scan.pos[i]);
    context ??= new ScanOperandContext(scan);
    const problem = walkOperands(inst, context, () => {});
    if (problem?.kind === 'unterminated-string') {
      reporter.report('spvkit-binary-string', i, () => 'a literal string has no terminating nul byte before the end of the instruction');
    }
  }
}
