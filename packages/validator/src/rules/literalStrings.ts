import { Op, OperandClass, enumerantParameters, instructionAt, layoutCodes, opcodeLayout, walkOperands, type ModuleIndex } from '@spvkit/core';
import type { Reporter } from '../report/Reporter.js';
import { ScanOperandContext } from '../scan/ScanOperandContext.js';

/** Whether an operand of the opcode's own (not an enumerant's parameter) is a literal string. */
function holdsString(opcode: number): boolean {
  for (let slot = opcodeLayout[opcode]; layoutCodes[slot] !== 0; slot++) if (layoutCodes[slot] >>> 2 === OperandClass.String) return true;
  return false;
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
    if (!holdsString(opcode[i])) {
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
