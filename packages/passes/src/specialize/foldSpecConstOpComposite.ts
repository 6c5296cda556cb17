import { DecorationsAnalysis, DefUseAnalysis, Instruction, Op, TypesAnalysis, UNCHANGED, removeDefinition, replaceAllUsesWith, type Pass } from '@spvkit/core';
import { FIXED_CONSTANTS } from './constantOpcodes.js';
import { ConstantWriter } from './constantWriter.js';
import { valueOfConstant, type ConstantValues } from './constantValue.js';
import { evaluateSpecConstantOp } from './evaluateSpecConstantOp.js';
import { fixWorkgroupSizes } from './fixWorkgroupSizes.js';

export const FOLD_SPEC_CONST_OP_COMPOSITE = 'fold-spec-const-op-composite';

/**
 * spirv-opt's `--fold-spec-const-op-composite`: an OpSpecConstantComposite whose constituents are
 * all fixed constants becomes an OpConstantComposite, and an OpSpecConstantOp over fixed constants
 * becomes the constant it computes (integer and bool arithmetic, bitwise and logical operations,
 * comparisons, OpSelect, UConvert, SConvert, FConvert, QuantizeToF16, CompositeExtract, CompositeInsert,
 * VectorShuffle; scalars and vectors, integers of any width up to 64 bits), in definition order so
 * each folded value feeds the next. The folded constant keeps its id (so its name and decorations
 * stay), unless an equal undecorated constant was declared before it: then its uses move to that
 * one and it goes, as in spirv-opt. The vector components it needs reuse equal constants or are
 * declared before it. Then an
 * entry point whose `WorkgroupSize` composite or `LocalSizeId` operands are now constants gets
 * that size as `LocalSize` (see {@link fixWorkgroupSizes}). What the specification leaves
 * undefined (division by zero, over-wide shifts) is not folded.
 */
export const foldSpecConstOpComposite: Pass = {
  name: FOLD_SPEC_CONST_OP_COMPOSITE,
  description: 'fold OpSpecConstantOp and OpSpecConstantComposite over constants into constants; fix workgroup sizes that became constant',
  // Every edit goes through the module's edits, which keep these right (the types analysis too:
  // a constant folded in place before an equal one it shares is shared in its place, as a fresh
  // build would).
  preserves: [DefUseAnalysis, DecorationsAnalysis, TypesAnalysis],
  run(module) {
    const types = module.analysis(TypesAnalysis);
    const decorations = module.analysis(DecorationsAnalysis);
    const values: ConstantValues = new Map();
    const fixed = new Set<number>();
    const writer = new ConstantWriter(module);
    let changed = false;
    for (const inst of [...module.globals]) {
      if (FIXED_CONSTANTS.has(inst.opcode)) {
        fixed.add(inst.resultId);
        const value = valueOfConstant(types, values, inst.opcode, inst.typeId, inst.operands);
        if (value !== undefined) values.set(inst.resultId, value);
        if (decorations.of(inst.resultId).length === 0) writer.saw(inst);
      } else if (inst.opcode === Op.SpecConstantComposite) {
        // Fixed constituents make a fixed composite, whether or not folding can compute with their values.
        if (!inst.operands.every((id) => fixed.has(id))) continue;
        const composite = new Instruction(Op.ConstantComposite, inst.typeId, inst.resultId, inst.operands);
        module.replace(inst, [composite]);
        if (decorations.of(inst.resultId).length === 0) writer.saw(composite);
        const value = valueOfConstant(types, values, Op.ConstantComposite, inst.typeId, inst.operands);
        if (value !== undefined) values.set(inst.resultId, value);
        fixed.add(inst.resultId);
        changed = true;
      } else if (inst.opcode === Op.SpecConstantOp) {
        const value = evaluateSpecConstantOp(types, values, inst);
        if (value === undefined) continue;
        const definition = writer.definition(value, inst.typeId, inst.resultId, inst);
        const decorated = decorations.of(inst.resultId).length > 0;
        const existing = decorated ? undefined : writer.find(definition);
        if (existing !== undefined) {
          // As spirv-opt: uses move to the equal constant declared before, and this one goes (with its name).
          replaceAllUsesWith(module, inst.resultId, existing);
          removeDefinition(module, inst.resultId);
        } else {
          module.replace(inst, [definition]);
          if (!decorated) writer.saw(definition);
        }
        values.set(inst.resultId, { ...value, typeId: inst.typeId });
        fixed.add(inst.resultId);
        changed = true;
      }
    }
    if (fixWorkgroupSizes(module)) changed = true;
    return changed ? { changed: true, diagnostics: [] } : UNCHANGED;
  },
};
