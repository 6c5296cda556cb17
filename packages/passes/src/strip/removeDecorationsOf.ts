import { Op, decoratesTarget, type Module } from '@spvkit/core';

/** Removes the decorations (and names) of removed ids, so nothing names an id that is gone. */
export function removeDecorationsOf(module: Module, removed: ReadonlySet<number>): void {
  if (removed.size === 0) return;
  module.removeWhere('annotations', (inst) => decoratesTarget(inst.opcode) && removed.has(inst.word(0)));
  module.removeWhere('debugNames', (inst) => (inst.opcode === Op.Name || inst.opcode === Op.MemberName) && removed.has(inst.word(0)));
}
