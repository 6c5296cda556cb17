import { Op, type Block, type Instruction } from '@spvkit/core';

/**
 * The one label a branch on a constant goes to: the true or false target of an OpBranchConditional
 * on OpConstantTrue/OpConstantFalse, or the case (the default when none) of an OpSwitch on an
 * integer OpConstant. Undefined for any other terminator, and for spec constants, whose value is
 * not known yet. `globals` are the module's types and constants by id.
 *
 * @example
 * ```ts
 * const target = constantBranchTarget(globalDefinitions(module), terminator); // %then for OpBranchConditional %true %then %else
 * ```
 */
export function constantBranchTarget(globals: ReadonlyMap<number, Instruction>, terminator: Instruction): number | undefined {
  if (terminator.opcode === Op.BranchConditional) {
    const condition = globals.get(terminator.word(0))?.opcode;
    if (condition === Op.ConstantTrue) return terminator.word(1);
    if (condition === Op.ConstantFalse) return terminator.word(2);
    return undefined;
  }
  if (terminator.opcode !== Op.Switch) return undefined;
  const selector = globals.get(terminator.word(0));
  if (selector?.opcode !== Op.Constant) return undefined;
  const type = globals.get(selector.typeId);
  if (type?.opcode !== Op.TypeInt) return undefined;
  const width = type.word(0) <= 32 ? 1 : 2;
  if (selector.operandCount !== width) return undefined;
  for (let i = 2; i + width < terminator.operandCount; i += width + 1) {
    let same = true;
    for (let k = 0; k < width; k++) if (terminator.word(i + k) !== selector.word(k)) same = false;
    if (same) return terminator.word(i + width);
  }
  return terminator.word(1);
}

/** Whether the block ends in a conditional branch or switch that has no merge instruction of its own (a break or continue branch). */
export function isHeaderlessConditional(block: Block): boolean {
  const list = block.instructions;
  const last = list[list.length - 1];
  if (last === undefined || (last.opcode !== Op.BranchConditional && last.opcode !== Op.Switch)) return false;
  const before = list[list.length - 2];
  return before === undefined || (before.opcode !== Op.SelectionMerge && before.opcode !== Op.LoopMerge);
}
