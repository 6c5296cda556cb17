import { Decoration, Op } from '@spvkit/core';
import type { DecorationsContext } from './DecorationsContext.js';
import { NO_MEMBER } from './DecorationTable.js';

/**
 * A structure with a BuiltIn member has BuiltIn on every member (spirv-val: no mixing of built-in
 * and other members in one structure). One walk of each structure's decorations, counting the
 * distinct members with BuiltIn through a scratch table stamped with the structure's id.
 */
export function checkBuiltInMembers(c: DecorationsContext): void {
  const { table, scan } = c;
  let seen: Int32Array | undefined;
  for (let i = 0; i < scan.count; i++) {
    if (scan.opcode[i] !== Op.TypeStruct || c.reporter.isFlagged(i)) continue;
    const struct = scan.resultId[i];
    const members = scan.end[i] - scan.operandStart[i];
    let builtIns = 0;
    for (let k = table.start(struct); k < table.end(struct); k++) {
      const r = table.at(k);
      const m = table.member[r];
      if (table.kind[r] !== Decoration.BuiltIn || m === NO_MEMBER || m >= members) continue;
      if (seen === undefined || seen.length < members) seen = new Int32Array(Math.max(members, 64));
      if (seen[m] === struct + 1) continue;
      seen[m] = struct + 1;
      builtIns++;
    }
    if (builtIns > 0 && builtIns < members) {
      c.report(
        'spvkit-decorations-builtin-members',
        i,
        (n) =>
          `${n(struct)} has ${builtIns} BuiltIn member${builtIns === 1 ? '' : 's'} of ${members}: a structure with BuiltIn members has BuiltIn on every member`,
        [struct],
      );
    }
  }
}
