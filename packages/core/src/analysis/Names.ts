import { Op } from '../grammar/index.js';
import { decodeLiteralString } from '../words/literalString.js';
import type { Analysis, Module } from '../ir/Module.js';

/** Debug names of a module (OpName, OpMemberName). */
export interface Names {
  /** The OpName of `id`, if it has one. */
  name(id: number): string | undefined;
  /** The OpMemberName of member `member` of struct `structId`. */
  memberName(structId: number, member: number): string | undefined;
}

/**
 * OpName and OpMemberName lookups.
 *
 * @example
 * ```ts
 * module.analysis(NamesAnalysis).name(id) ?? `%${id}`;
 * ```
 */
export const NamesAnalysis: Analysis<Names> = {
  name: 'names',
  build(module: Module): Names {
    const names = new Map<number, string>();
    const members = new Map<string, string>();
    for (const inst of module.debugNames) {
      if (inst.opcode === Op.Name) {
        if (!names.has(inst.word(0))) names.set(inst.word(0), decodeLiteralString(inst.operands, 1, inst.operandCount).value);
      } else if (inst.opcode === Op.MemberName) {
        members.set(`${inst.word(0)}:${inst.word(1)}`, decodeLiteralString(inst.operands, 2, inst.operandCount).value);
      }
    }
    const value: Names = {
      name: (id) => names.get(id),
      memberName: (structId, member) => members.get(`${structId}:${member}`),
    };
    tablesOf.set(value, { names, members });
    return value;
  },
  // Built from OpName and OpMemberName alone.
  update: (_value, change) => change.place !== 'debugNames',
};

interface NameTables {
  names: ReadonlyMap<number, string>;
  members: ReadonlyMap<string, string>;
}

const tablesOf = new WeakMap<Names, NameTables>();

/** The tables behind a value NamesAnalysis built (for the consistency check). */
export function nameTables(value: Names): NameTables | undefined {
  return tablesOf.get(value);
}
