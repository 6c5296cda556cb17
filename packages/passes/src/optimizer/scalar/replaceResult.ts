import { DefUseAnalysis, Op, type Instruction, type Module } from '@spvkit/core';

/** Annotations and debug names that only describe an id: they go with a replaced result. */
const DESCRIBING: ReadonlySet<number> = new Set([
  Op.Name,
  Op.MemberName,
  Op.Decorate,
  Op.DecorateId,
  Op.DecorateString,
  Op.MemberDecorate,
  Op.MemberDecorateString,
]);

/**
 * Moves every use of `inst`'s result to `replacement` and drops what only described the result.
 * False (nothing changed) when a decoration group names the result, which is left as it is.
 * `touched` hears of each instruction whose operands changed. The caller removes `inst`.
 *
 * @example
 * ```ts
 * if (replaceResult(module, duplicate, original.resultId, () => {})) module.remove(duplicate);
 * ```
 */
export function replaceResult(module: Module, inst: Instruction, replacement: number, touched: (user: Instruction) => void): boolean {
  const uses = module.analysis(DefUseAnalysis).uses(inst.resultId);
  for (const use of uses) {
    const op = use.instruction.opcode;
    if (op === Op.GroupDecorate || op === Op.GroupMemberDecorate) return false;
  }
  for (const use of [...uses]) {
    const user = use.instruction;
    if (DESCRIBING.has(user.opcode) && use.operand === 0) module.remove(user);
    else if (use.operand < 0) module.setTypeId(user, replacement);
    else {
      module.setOperand(user, use.operand, replacement);
      touched(user);
    }
  }
  return true;
}
