import { Op, type DefUse, type Instruction, type Module } from '@spvkit/core';
import { isPure } from './eliminateDeadCodeAggressive.js';

/** Annotations and debug names that only describe an id: they go with it. */
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
 * Removes `dead` (instructions of one function that nothing reads any more) and then, in turn,
 * each pure instruction of that function that only they read, with the names and decorations of
 * all it removes. Function variables stay (their stores are not followed here), and so does
 * anything a decoration group names. `local` says whether an instruction is the function's.
 *
 * @example
 * ```ts
 * removeUnused(module, defUse, [deadInsert], glslStd450(module), (inst) => blockOf.has(inst));
 * ```
 */
export function removeUnused(
  module: Module,
  defUse: DefUse,
  dead: readonly Instruction[],
  glsl: number | undefined,
  local: (inst: Instruction) => boolean,
): void {
  const removed = new Set<Instruction>();
  const work = [...dead];
  while (work.length > 0) {
    const inst = work.pop()!;
    if (removed.has(inst)) continue;
    const uses = defUse.uses(inst.resultId);
    if (uses.some((u) => !DESCRIBING.has(u.instruction.opcode) || u.operand !== 0)) continue;
    for (const use of [...uses]) module.remove(use.instruction);
    const operands = Array.from(inst.operands);
    module.remove(inst);
    removed.add(inst);
    for (const id of operands) {
      const def = defUse.def(id);
      if (def === undefined || removed.has(def) || def.opcode === Op.Variable || !local(def) || !isPure(def, glsl)) continue;
      work.push(def);
    }
  }
}
