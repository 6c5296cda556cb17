import { DefUseAnalysis, Instruction, Op, TypesAnalysis, UNCHANGED, type DefUse, type Pass } from '@spvkit/core';

/**
 * Clamps the index of every access into a runtime array (`buf.data[i]`, the last member of a
 * storage buffer) to the array's length - 1, so a shader cannot read or write past its buffer.
 * This example handles 32-bit unsigned indexes; others are left as they are.
 */
export const clampRuntimeArrayIndex: Pass = {
  name: 'clamp-runtime-array-index',
  description: 'clamp indexes into runtime arrays to the array length - 1',
  // Every edit goes through the module's API, which keeps these two right.
  preserves: [DefUseAnalysis, TypesAnalysis],
  run(module) {
    const defUse = module.analysis(DefUseAnalysis);
    const types = module.analysis(TypesAnalysis);
    // Find first, edit after: a pass that reports no change must not have created anything.
    const chains: { chain: Instruction; member: number }[] = [];
    for (const fn of module.functions) {
      for (const block of fn.blocks) {
        for (const inst of block.instructions) {
          if ((inst.opcode !== Op.AccessChain && inst.opcode !== Op.InBoundsAccessChain) || inst.operandCount < 3) continue;
          const member = runtimeArrayMember(defUse, inst.word(0));
          const index = types.intInfo(defUse.def(inst.word(2))?.typeId ?? 0);
          if (member === undefined || types.constantValue(inst.word(1)) !== member) continue;
          if (index?.width === 32 && !index.signed) chains.push({ chain: inst, member });
        }
      }
    }
    if (chains.length === 0) return UNCHANGED;
    const uint = types.intType(32, false);
    const bool = types.boolType();
    const one = types.constantUint(1);
    for (const { chain, member } of chains) {
      const index = chain.word(2);
      const length = new Instruction(Op.ArrayLength, uint, module.newId(), [chain.word(0), member]);
      const last = new Instruction(Op.ISub, uint, module.newId(), [length.resultId, one]);
      const inside = new Instruction(Op.ULessThan, bool, module.newId(), [index, length.resultId]);
      const clamped = new Instruction(Op.Select, uint, module.newId(), [inside.resultId, index, last.resultId]);
      module.insertBefore(chain, [length, last, inside, clamped]);
      module.setOperand(chain, 2, clamped.resultId);
    }
    return { changed: true, diagnostics: [] };
  },
};

/** The member index of the runtime array ending the struct `pointer` points to, if it ends with one. */
function runtimeArrayMember(defUse: DefUse, pointer: number): number | undefined {
  const pointerType = defUse.def(defUse.def(pointer)?.typeId ?? 0);
  const struct = pointerType?.opcode === Op.TypePointer ? defUse.def(pointerType.word(1)) : undefined;
  if (struct?.opcode !== Op.TypeStruct || struct.operandCount === 0) return undefined;
  const last = struct.operandCount - 1;
  return defUse.def(struct.word(last))?.opcode === Op.TypeRuntimeArray ? last : undefined;
}
