import { Decoration, Op } from '@spvkit/core';
import type { DecorationsContext } from './DecorationsContext.js';
import { NO_MEMBER } from './DecorationTable.js';

/** The member decorations that conflict, in the order of their slots in the scratch table. */
const MAJORNESS = [Decoration.RowMajor, Decoration.ColMajor] as const;

/**
 * Decorations spirv-val rejects together, among those of OpDecorate and OpMemberDecorate (not
 * copied from groups): Block with BufferBlock, Restrict with Aliased on an id; RowMajor with
 * ColMajor on a member. Reported at the later instruction. (One decoration twice is the rule of
 * duplicateDecorations.ts.) Each structure's member decorations are checked in one walk, marking
 * the members seen in a scratch table stamped with the structure's id.
 */
export function checkDecorationConflicts(c: DecorationsContext): void {
  const { table, scan } = c;
  let widest = 0;
  for (let r = 0; r < table.count; r++) if (table.member[r] >= widest && table.member[r] < 0x10000) widest = table.member[r] + 1;
  /** Per (member, slot): the struct id + 1 that last marked it (so no clearing between structures). */
  const seen = new Int32Array(widest * MAJORNESS.length);
  for (let id = 0; id < scan.idLimit; id++) {
    const from = table.start(id);
    const to = table.end(id);
    if (to - from < 2) continue;
    let block = false;
    let bufferBlock = false;
    let restrict = false;
    let aliased = false;
    for (let k = from; k < to; k++) {
      const r = table.at(k);
      const source = scan.opcode[table.source[r]];
      const kind = table.kind[r];
      const member = table.member[r];
      if (member === NO_MEMBER) {
        if (source !== Op.Decorate) continue;
        if (kind === Decoration.Block || kind === Decoration.BufferBlock) {
          if (kind === Decoration.Block ? bufferBlock : block)
            c.report('spvkit-decorations-conflict', table.source[r], (n) => `${n(id)} is decorated both Block and BufferBlock`, [id]);
          if (kind === Decoration.Block) block = true;
          else bufferBlock = true;
        } else if (kind === Decoration.Restrict || kind === Decoration.Aliased) {
          if (kind === Decoration.Restrict ? aliased : restrict)
            c.report('spvkit-decorations-conflict', table.source[r], (n) => `${n(id)} is decorated both Restrict and Aliased`, [id]);
          if (kind === Decoration.Restrict) restrict = true;
          else aliased = true;
        }
        continue;
      }
      if (source !== Op.MemberDecorate || member >= widest) continue;
      const slot = MAJORNESS.indexOf(kind as (typeof MAJORNESS)[number]);
      if (slot < 0) continue;
      seen[member * MAJORNESS.length + slot] = id + 1;
      if (seen[member * MAJORNESS.length + (1 - slot)] === id + 1)
        c.report('spvkit-decorations-conflict', table.source[r], (n) => `${c.memberLabel(id, member)} of ${n(id)} is decorated both RowMajor and ColMajor`, [
          id,
        ]);
    }
  }
}
