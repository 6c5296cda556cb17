import { DefUseAnalysis, Op, StorageClass, decodeLiteralString, literalStringWordCount, type Instruction, type Module } from '@spvkit/core';

/**
 * Types (images, samplers and acceleration structures among them), constants, undefs and
 * module-scope variables: globals with no effect, dead when nothing
 * but names, decorations and (for variables) entry points' interfaces names them.
 */
function removable(opcode: number): boolean {
  switch (opcode) {
    case Op.Variable:
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
    case Op.TypeImage:
    case Op.TypeSampler:
    case Op.TypeSampledImage:
    case Op.TypeAccelerationStructureKHR:
    case Op.TypeRayQueryKHR:
    case Op.ConstantTrue:
    case Op.ConstantFalse:
    case Op.Constant:
    case Op.ConstantComposite:
    case Op.ConstantNull:
    case Op.Undef:
      return true;
    default:
      // Forward pointers (a declaration of a type defined later), opaque and the rarer types
      // stay, as do spec constants: they are part of the pipeline's interface. An image,
      // sampler or acceleration structure type nothing uses declares nothing a pipeline binds.
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
 * Removes the types, constants, module-scope undefs and module-scope variables that nothing uses
 * any more (the part of spirv-opt's aggressive dead-code elimination that sweeps the globals after
 * the functions), with their names and decorations; a removed variable leaves the interfaces of
 * the entry points that listed it. Output variables an entry point lists stay. One walk from the
 * last global to the first finds chains too: a pointer type goes before the pointee it alone
 * used, a variable before its pointer type and its initializer. Returns the removed ids.
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
    // A variable an entry point lists is not used by that: spirv-opt removes it from the list,
    // except an Output one, which the next stage of the pipeline may read.
    const listable = inst.opcode === Op.Variable && inst.word(0) !== StorageClass.Output;
    const used = defUse
      .uses(inst.resultId)
      .some(
        (u) => !(DESCRIBING.has(u.instruction.opcode) && u.operand === 0) && !(listable && u.instruction.opcode === Op.EntryPoint) && !dead.has(u.instruction),
      );
    if (used) continue;
    dead.add(inst);
    gone.add(inst.resultId);
  }
  if (gone.size === 0) return gone;
  for (const entry of module.entryPoints) {
    const start = 2 + literalStringWordCount(decodeLiteralString(entry.operands, 2, entry.operandCount).value);
    const listed = Array.from(entry.operands.subarray(start));
    const kept = listed.filter((id) => !gone.has(id));
    if (kept.length !== listed.length) module.setOperands(entry, [...entry.operands.subarray(0, start), ...kept]);
  }
  module.removeWhere('globals', (inst) => dead.has(inst));
  module.removeWhere('debugNames', (inst) => DESCRIBING.has(inst.opcode) && gone.has(inst.word(0)));
  module.removeWhere('annotations', (inst) => DESCRIBING.has(inst.opcode) && gone.has(inst.word(0)));
  return gone;
}
