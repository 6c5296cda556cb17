import { Op, isAnnotation, type Module } from '@spvkit/core';

/**
 * Whether the annotation's first operand is the id (or struct) it decorates: every opcode of the
 * grammar's Annotation class (so new ones, such as OpMemberDecorateIdEXT, come with the grammar)
 * but those of decoration groups, whose first operand is the group.
 */
export function decoratesTarget(opcode: number): boolean {
  return isAnnotation(opcode) && opcode !== Op.DecorationGroup && opcode !== Op.GroupDecorate && opcode !== Op.GroupMemberDecorate;
}

/** Removes the decorations (and names) of removed ids, so nothing names an id that is gone. */
export function removeDecorationsOf(module: Module, removed: ReadonlySet<number>): void {
  if (removed.size === 0) return;
  module.removeWhere('annotations', (inst) => decoratesTarget(inst.opcode) && removed.has(inst.word(0)));
  module.removeWhere('debugNames', (inst) => (inst.opcode === Op.Name || inst.opcode === Op.MemberName) && removed.has(inst.word(0)));
}
