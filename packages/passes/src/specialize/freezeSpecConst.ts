import { DecorationsAnalysis, DefUseAnalysis, Decoration, Instruction, Op, TypesAnalysis, UNCHANGED, type Pass } from '@spvkit/core';
import { FIXED_CONSTANTS, FROZEN_OPCODE } from './constantOpcodes.js';

export const FREEZE_SPEC_CONST = 'freeze-spec-const';

/**
 * spirv-opt's `--freeze-spec-const`: every OpSpecConstant, OpSpecConstantTrue and
 * OpSpecConstantFalse becomes the constant of its default value, and every `OpDecorate ... SpecId`
 * goes, so a driver sees constants. Beyond spirv-opt, an OpSpecConstantComposite whose
 * constituents are all fixed constants then (frozen scalars, constants, composites of them)
 * becomes an OpConstantComposite too, so a frozen `WorkgroupSize` vector is a constant without a
 * second pass. OpSpecConstantOp expressions stay: `fold-spec-const-op-composite` computes them.
 * Ids, names and other decorations are kept.
 */
export const freezeSpecConst: Pass = {
  name: FREEZE_SPEC_CONST,
  description: 'turn specialization constants into constants of their default values (and drop SpecId)',
  // Every edit goes through module.replaceIn / removeWhere, which keep these right (the types
  // analysis too: a frozen constant before an equal one it shares is shared in its place).
  preserves: [DefUseAnalysis, DecorationsAnalysis, TypesAnalysis],
  run(module) {
    const specIds = module.annotations.filter((i) => i.opcode === Op.Decorate && i.word(1) === Decoration.SpecId);
    // Find first, edit after: what each global becomes, in order, so composites see their constituents frozen.
    const fixed = new Set<number>();
    const replacements = new Map<Instruction, Instruction>();
    for (const inst of module.globals) {
      const frozen = FROZEN_OPCODE.get(inst.opcode);
      if (frozen !== undefined) {
        replacements.set(inst, new Instruction(frozen, inst.typeId, inst.resultId, inst.operands));
        fixed.add(inst.resultId);
      } else if (inst.opcode === Op.SpecConstantComposite && inst.operands.every((id) => fixed.has(id))) {
        replacements.set(inst, new Instruction(Op.ConstantComposite, inst.typeId, inst.resultId, inst.operands));
        fixed.add(inst.resultId);
      } else if (FIXED_CONSTANTS.has(inst.opcode)) {
        fixed.add(inst.resultId);
      }
    }
    if (specIds.length === 0 && replacements.size === 0) return UNCHANGED;
    if (replacements.size > 0)
      module.replaceIn('globals', (inst) => {
        const r = replacements.get(inst);
        return r === undefined ? undefined : [r];
      });
    if (specIds.length > 0) {
      const gone = new Set(specIds);
      module.removeWhere('annotations', (i) => gone.has(i));
    }
    return { changed: true, diagnostics: [] };
  },
};
