import { Op } from '@spvkit/core';
import type { DecorationsContext } from './DecorationsContext.js';

/**
 * Decoration groups as spirv-val checks them: a group's id is named only by OpName, OpDecorate,
 * OpDecorateId, OpGroupDecorate and OpGroupMemberDecorate (and non-semantic instructions);
 * OpGroupDecorate and OpGroupMemberDecorate name a group first, then targets that are not groups
 * (for OpGroupMemberDecorate, structure types and members they have).
 */
export function checkDecorationGroups(c: DecorationsContext): void {
  const { scan, reporter, ids } = c;
  const { count, opcode, operandStart, end, words } = scan;
  let groups: Uint8Array | undefined;
  for (let i = 0; i < count; i++) {
    if (opcode[i] !== Op.DecorationGroup || scan.resultId[i] >= scan.idLimit) continue;
    groups ??= new Uint8Array(scan.idLimit);
    groups[scan.resultId[i]] = 1;
  }
  for (let i = 0; i < count; i++) {
    const op = opcode[i];
    if (reporter.isFlagged(i)) continue;
    const s = operandStart[i];
    if (op === Op.GroupDecorate || op === Op.GroupMemberDecorate) {
      const group = words[s];
      const name = op === Op.GroupDecorate ? 'OpGroupDecorate' : 'OpGroupMemberDecorate';
      if (c.def(group) >= 0 && c.opcodeOf(group) !== Op.DecorationGroup) {
        c.report('spvkit-decorations-group', i, (n) => `${name} applies ${n(group)}, which is not a decoration group`, [group]);
        continue;
      }
      if (op === Op.GroupDecorate) {
        for (let w = s + 1; w < end[i]; w++) {
          const target = words[w];
          if (c.opcodeOf(target) === Op.DecorationGroup)
            c.report('spvkit-decorations-group', i, (n) => `OpGroupDecorate applies a group to ${n(target)}, itself a decoration group`, [target]);
        }
      } else {
        for (let w = s + 1; w + 1 < end[i]; w += 2) {
          const struct = words[w];
          const member = words[w + 1];
          if (c.def(struct) < 0) continue;
          if (c.opcodeOf(struct) !== Op.TypeStruct) {
            c.report('spvkit-decorations-member-target', i, (n) => `OpGroupMemberDecorate decorates a member of ${n(struct)}, which is not a structure type`, [
              struct,
            ]);
          } else if (member >= c.operandCount(struct)) {
            const members = c.operandCount(struct);
            c.report(
              'spvkit-decorations-member-target',
              i,
              (n) => `OpGroupMemberDecorate decorates member ${member} of ${n(struct)}, which has ${members} members`,
              [struct],
            );
          }
        }
      }
      continue;
    }
    if (groups === undefined) continue;
    if (op === Op.Name || op === Op.Decorate || op === Op.DecorateId || op === Op.DecorationGroup || op === Op.GroupDecorate || op === Op.GroupMemberDecorate)
      continue;
    if (op === Op.ExtInst && scan.debugSets.has(words[s])) continue;
    const found = ids.collectOperands(words, scan.pos[i], end[i] - scan.pos[i]);
    for (let j = 0; j < found; j++) {
      const used = words[ids.found[j]];
      if (used < groups.length && groups[used] === 1) {
        c.report('spvkit-decorations-group', i, (n) => `${n(used)} is a decoration group, which only OpName and the decorate instructions may name`, [used]);
      }
    }
  }
}
