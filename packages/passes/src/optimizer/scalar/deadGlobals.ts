import { DefUseAnalysis, Op, type Instruction, type Module } from '@spvkit/core';

/** Types, constants and undefs: globals with no effect, dead when nothing but names and decorations names them. */
function removable(opcode: number): boolean {
  switch (opcode) {
    case Op.TypeVoid:
    case Op.TypeBool:
    case Op.TypeInt:
    case Op.TypeFloat:
    case Op.TypeVector:
    case Op.TypeMatrix:
    case Op.TypeArray:
    case Op.TypeRuntimeArray:
    case Op.TypeStruct:
    case Op.TypePointer:
    case Op.TypeFunction:
    case Op.ConstantTrue:
    case Op.ConstantFalse:
    case Op.Constant:
    case Op.ConstantComposite:
    case Op.ConstantNull:
    case Op.Undef:
      return true;
    default:
      // Images, samplers, acceleration structures, forward pointers and the rest stay: what they
      // declare may matter beyond their uses. Spec constants are part of the pipeline's interface.
      return false;
  }
}

/** Where an id is only described, not used: a name, or the target of a decoration. */
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
 * Removes the types, constants and module-scope undefs that nothing uses any more (the part of
 * spirv-opt's aggressive dead-code elimination that sweeps the globals after the functions),
 * with their names and decorations. One walk from the last global to the first finds chains too:
 * a pointer type goes before the pointee it alone used. Returns the removed ids.
 *
 * @example
 * ```ts
 * const gone = removeDeadGlobals(module); // an OpTypePointer Function %float left by removed locals goes
 * ```
 */
export function removeDeadGlobals(module: Module): Set<number> {
  const defUse = module.analysis(DefUseAnalysis);
  const gone = new Set<number>();
  const globals = module.globals;
  const dead = new Set<Instruction>();
  for (let i = globals.length - 1; i >= 0; i--) {
    const inst = globals[i];
    if (!removable(inst.opcode) || inst.resultId === 0) continue;
    const used = defUse.uses(inst.resultId).some((u) => !(DESCRIBING.has(u.instruction.opcode) && u.operand === 0) && !dead.has(u.instruction));
    if (used) continue;
    dead.add(inst);
    gone.add(inst.resultId);
  }
  if (gone.size === 0) return gone;
  module.removeWhere('globals', (inst) => dead.has(inst));
  module.removeWhere('debugNames', (inst) => DESCRIBING.has(inst.opcode) && gone.has(inst.word(0)));
  module.removeWhere('annotations', (inst) => DESCRIBING.has(inst.opcode) && gone.has(inst.word(0)));
  return gone;
}
