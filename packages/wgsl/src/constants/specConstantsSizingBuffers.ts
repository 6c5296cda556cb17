import { Decoration, Op } from '@spvkit/core';
import { ModuleContext } from '../ModuleContext.js';

/**
 * The spec constants that give the length of an array inside a uniform, storage or push-constant
 * buffer, each with the length it is fixed at: its default value. WGSL sizes arrays by an
 * `override` only in `var<workgroup>`, since a buffer's layout must be known when the shader is
 * created; so these become WGSL constants, and a host cannot change them at pipeline creation (a
 * host that wants another value specializes the SPIR-V first, as the plugins' `specialize` and
 * spvkit opt's `--set-spec-const-default-value` do). A length computed by OpSpecConstantOp is
 * refused: its value is no default this translator reads.
 */
export function specConstantsSizingBuffers(m: ModuleContext): Map<number, number> {
  const lengths = new Map<number, number>();
  const seen = new Set<number>();
  const visit = (typeId: number): void => {
    if (seen.has(typeId)) return;
    seen.add(typeId);
    const t = m.types.def(typeId);
    if (t.opcode === Op.TypeStruct) for (let i = 0; i < t.operandCount; i++) visit(t.word(i));
    else if (t.opcode === Op.TypeRuntimeArray) visit(t.word(0));
    else if (t.opcode === Op.TypeArray) {
      visit(t.word(0));
      const length = m.types.def(t.word(1));
      if (length.opcode === Op.Constant) return;
      if (length.opcode !== Op.SpecConstant)
        throw m.refuser.error(
          'an array in a buffer sized by a spec-constant expression',
          t,
          'WGSL sizes arrays by overrides only in var<workgroup>; give the spec constants their values first (spvkit opt --set-spec-const-default-value ... --freeze-spec-const --fold-spec-const-op-composite, or the plugins’ specialize option)',
        );
      const signed = m.types.isSigned(length.typeId);
      const value = signed ? length.word(0) | 0 : length.word(0) >>> 0;
      if (value <= 0) throw m.refuser.error('an array in a buffer sized by a spec constant whose default is not positive', length);
      lengths.set(length.resultId, value);
    }
  };
  for (const v of m.module.globals) {
    if (v.opcode !== Op.Variable || !ModuleContext.BUFFER_CLASSES.has(v.word(0))) continue;
    visit(m.types.def(v.typeId).word(1));
  }
  // Other spec constants of the same SpecId are the same value (glslang declares some anew).
  const ids = new Set([...lengths.keys()].map((id) => m.decorations.find(id, Decoration.SpecId)?.[0]).filter((id) => id !== undefined));
  for (const g of m.module.globals) {
    if (g.opcode !== Op.SpecConstant || lengths.has(g.resultId)) continue;
    const specId = m.decorations.find(g.resultId, Decoration.SpecId)?.[0];
    if (specId !== undefined && ids.has(specId) && m.types.isInt(g.typeId))
      lengths.set(g.resultId, m.types.isSigned(g.typeId) ? g.word(0) | 0 : g.word(0) >>> 0);
  }
  return lengths;
}
