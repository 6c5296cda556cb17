import { ExecutionMode, Op, type Instruction, type Module } from '@spvkit/core';

/**
 * Whether a constant decorated `BuiltIn` must stay although nothing uses it. A WorkgroupSize
 * composite sets the size, over `LocalSize`: spirv-opt's eliminate-dead-const removes it anyway,
 * which is harmless only where it says what every entry point's `LocalSize` says. So it may go
 * when it is an OpConstantComposite of OpConstants equal to the LocalSize of every entry point
 * that declares one (and at least one does); a spec-constant one (`local_size_x_id`) always stays,
 * since specializing it changes the size.
 */
export function builtInConstantMustStay(module: Module, constant: Instruction, defs: ReadonlyMap<number, Instruction>): boolean {
  if (constant.opcode !== Op.ConstantComposite || constant.operandCount !== 3) return true;
  const size: number[] = [];
  for (let i = 0; i < 3; i++) {
    const c = defs.get(constant.word(i));
    if (c?.opcode !== Op.Constant || c.operandCount !== 1) return true;
    size.push(c.word(0));
  }
  let declared = 0;
  for (const mode of module.executionModes) {
    const m = mode.word(1);
    if (mode.opcode === Op.ExecutionModeId && m === ExecutionMode.LocalSizeId) return true;
    if (mode.opcode !== Op.ExecutionMode || m !== ExecutionMode.LocalSize) continue;
    if (mode.word(2) !== size[0] || mode.word(3) !== size[1] || mode.word(4) !== size[2]) return true;
    declared++;
  }
  return declared === 0;
}
